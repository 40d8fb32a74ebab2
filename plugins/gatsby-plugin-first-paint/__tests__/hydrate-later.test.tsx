import { render, screen } from "@testing-library/react";
import { HydrateLater } from "../HydrateLater";

describe("HydrateLater", () => {
  it("shows what React draws in the browser without server HTML at once", async () => {
    // As after a hydration mismatch or on a page the server did not render: nothing to keep, so no turn to wait for.
    render(
      <>
        <HydrateLater>
          <p>Eerste sectie</p>
        </HydrateLater>
        <HydrateLater>
          <p>Tweede sectie</p>
        </HydrateLater>
        <HydrateLater>
          <p>Derde sectie</p>
        </HydrateLater>
      </>,
    );
    for (const text of ["Eerste sectie", "Tweede sectie", "Derde sectie"]) expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
