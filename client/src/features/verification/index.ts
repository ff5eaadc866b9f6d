// The verification feature's public entry: no other feature imports anything of it. app/ composes its pages and
// sections by path (routes.tsx, pages/), each lazily loaded page its own chunk; a feature that needs
// something of this one imports it from here, never from inside.
export {};
