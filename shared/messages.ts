/**
 * Every product text that a form, a notice or the server says, in one place, word for word as
 * the specification gives it. Forms, routes and tests import these so they always agree.
 *
 * They are kept in one file per area (shared/messages/), so a screen's code carries only the
 * texts of its areas; this file gathers them for every importer.
 */
export * from './messages/core.ts';
export * from './messages/records.ts';
export * from './messages/clinical.ts';
export * from './messages/inbox.ts';
export * from './messages/doses.ts';
export * from './messages/visits.ts';
export * from './messages/rota.ts';
export * from './messages/accounts.ts';
export * from './messages/exchange.ts';
export * from './messages/offline.ts';
