// The lifecycle feature's public entry for the trader's campaign modals: the shipment, the trader's
// moves (trading, milestones, releases, the settlement), the release schedule and the investors.
export { InvestorList } from './components/InvestorList.tsx';
export { LifecycleActions } from './components/LifecycleActions.tsx';
export { ReleaseSchedule } from './components/ReleaseSchedule.tsx';
export { ShipmentTimeline } from './components/ShipmentTimeline.tsx';
