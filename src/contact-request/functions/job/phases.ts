import { messageOf } from "../deliver";
import { OutOfTime, type JobContext, type PhaseTime } from "./context";
import { mailDigest } from "./digest";
import { mailPending } from "./mail-pending";
import { mailMonthlyReport } from "./monthly-report";
import { remindUnanswered } from "./remind";
import { listSuspects } from "./suspects";
import { sweep } from "./sweep";
import { sweepPreviews } from "./sweep-previews";

/** One step of a run, with its share of the run's time and what the log says when it fails. */
interface Phase {
  name: string;
  share: number;
  run: (job: JobContext, time: PhaseTime) => Promise<void>;
  failed: string;
}

/**
 * The phases of a run, in order, with their shares of its budget
 * (docs/contact-requests.md, "The mailing job"). Mailing what waits comes
 * first and gets the most; the sweep comes before the monthly report, as its
 * terms cannot wait a run and a report can, and the report's reading of a
 * big month takes what the phases before it left.
 */
export const phases: readonly Phase[] = [
  { name: "mail pending", share: 0.5, run: mailPending, failed: "the pending requests were not mailed" },
  { name: "digest", share: 0.1, run: mailDigest, failed: "the digest was not sent" },
  { name: "reminders", share: 0.15, run: remindUnanswered, failed: "the reminders were not sent" },
  { name: "suspects", share: 0.05, run: listSuspects, failed: "the list of suspect requests was not sent" },
  { name: "sweep", share: 0.1, run: sweep, failed: "the sweep stopped" },
  { name: "monthly report", share: 0.05, run: mailMonthlyReport, failed: "the monthly report was not sent" },
  { name: "preview sweep", share: 0.05, run: sweepPreviews, failed: "the preview stores were not swept" },
];

/** Past the budget no phase starts work, however late the phases before it ended: what it started ends within Netlify's 30 s. */
export const lastStartAfterBudgetMs = 7000;

/**
 * Runs the phases one after the other. Each may start work until the later
 * of two moments: the end of the shares so far, counted from the run's start
 * (so time a phase leaves unused flows to the next), and its own share after
 * it began (so a phase that ran late never starves the next); never later
 * than `lastStartAfterBudgetMs` past the budget. A phase that runs out of
 * time (OutOfTime) ends; one that fails is logged; the next phase runs
 * either way.
 */
export async function runPhases(job: JobContext, budgetMs: number): Promise<void> {
  const started = job.now().getTime();
  let planned = started;
  for (const phase of phases) {
    const begun = job.now().getTime();
    const own = phase.share * budgetMs;
    planned += own;
    const end = Math.min(Math.max(planned, begun + own), started + budgetMs + lastStartAfterBudgetMs);
    const left = () => end - job.now().getTime();
    const time: PhaseTime = {
      left,
      allowanceMs: end - begun,
      check: (reserveMs = 0) => {
        if (left() <= reserveMs) throw new OutOfTime();
      },
    };
    try {
      await phase.run(job, time);
    } catch (error) {
      if (error instanceof OutOfTime) job.report.outOfTime.push(phase.name);
      else job.log(`deliver-contact-requests: ${phase.failed}: ${messageOf(error)}`);
    }
  }
}
