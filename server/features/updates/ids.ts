// Ids in the paths of these routes: a malformed one names nothing, so it gets the same answer as an
// unknown one (the one rule: domain/ids.ts, server/errors.ts idOf).
export { idOf } from '../../errors.ts';
