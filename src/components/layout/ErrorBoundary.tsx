import { Link } from "gatsby";
import { Component, type ReactNode } from "react";
import { Container } from "../ui/Container";

interface State {
  error: (Error & { status?: number; statusText?: string }) | null;
}

/** Describes an error as "status text" when it carries an HTTP status, otherwise by its message. */
export function describeError(error: { status?: number; statusText?: string; message?: string }): string {
  if (error.status) return [error.status, error.statusText].filter(Boolean).join(" ");
  return error.message || String(error);
}

/** Keeps the header and footer usable when one page fails to render. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container>
        <div role="alert" css={{ padding: "64px 0" }}>
          <h1 lang="en">Unexpected Application Error!</h1>
          <p css={{ fontFamily: "ui-monospace, monospace" }}>{describeError(this.state.error)}</p>
          <p>
            Er ging iets mis bij het tonen van deze pagina. <Link to="/">Terug naar de homepage</Link>
          </p>
        </div>
      </Container>
    );
  }
}
