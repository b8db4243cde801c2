// What the operator does from the command line (scripts/admin.ts), as functions over `db` with no
// console and no exit codes, so the same code is tested directly and through the CLI. Every bad
// input throws an AdminError whose message can be shown to the operator as it is.
// The commands live by concern beside this file; this is the one module the CLI and tests import.
export * from './admin-accesses';
export * from './admin-course-video';
export * from './admin-learners';
export * from './admin-notifications';
