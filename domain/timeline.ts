/** One dated step of a timeline: campaign funding and shipment milestones, buyer orders. */
export interface TimelineEntry {
  label: string;
  /** ISO date-time; absent for a step not reached yet. */
  at?: string;
  done: boolean;
  /** A short remark shown under the step (a milestone's note or document reference). */
  note?: string;
}
