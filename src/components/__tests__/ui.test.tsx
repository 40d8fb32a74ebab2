import { act, fireEvent, render, screen } from "@testing-library/react";
import { ErrorBoundary, describeError } from "../layout/ErrorBoundary";
import { StatsStrip } from "../ui/StatsStrip";
import { Toasts, notify } from "../ui/Toasts";

describe("ErrorBoundary", () => {
  function Broken(): JSX.Element {
    throw Object.assign(new Error("kapot"), { status: 500, statusText: "Internal Server Error" });
  }

  it("shows the router fallback with status and text", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <ErrorBoundary resetKey="/">
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("500 Internal Server Error")).toBeInTheDocument();
  });

  it("describes an error without status by its message", () => {
    expect(describeError(new Error("Cannot read properties of undefined"))).toBe("Cannot read properties of undefined");
  });
});

describe("StatsStrip", () => {
  const stats = [
    { value: "500+", label: "tevreden klanten" },
    { value: "24/7", label: "spoedservice" },
  ];

  it("reads each figure once to screen readers although it is drawn twice", () => {
    render(<StatsStrip stats={stats} label="Cijfers" />);
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getAllByText("500+")).toHaveLength(2);
  });

  it("can be paused", () => {
    render(<StatsStrip stats={stats} label="Cijfers" />);
    const button = screen.getByRole("button", { name: "Animatie pauzeren" });
    fireEvent.click(button);
    expect(button).toHaveAttribute("aria-pressed", "true");
  });
});

describe("Toasts", () => {
  it("loads sonner on the first message and shows it", async () => {
    render(<Toasts />);
    expect(document.querySelector("[data-sonner-toaster]")).toBeNull();
    act(() => notify({ kind: "success", title: "Aanvraag verstuurd!", description: "We nemen zo snel mogelijk contact met u op." }));
    expect(await screen.findByText("Aanvraag verstuurd!")).toBeInTheDocument();
    expect(screen.getByText("We nemen zo snel mogelijk contact met u op.")).toBeInTheDocument();
  });
});
