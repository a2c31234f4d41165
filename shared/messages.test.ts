import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  accountTexts,
  adminOnlyTexts,
  auditTexts,
  deletedRecordTexts,
  loginTexts,
  notificationTexts,
  offlineNotice,
  offlineTexts,
  passwordResetTexts,
  twoFactorTexts,
} from './messages.ts';

const folder = path.join(import.meta.dirname, 'messages');
const areas = readdirSync(folder).filter(
  (file) => file.endsWith('.ts') && !file.includes('.test.'),
);

/** The names a file imports as values (`import { a, b as c } from './core.ts'`). */
function importedNames(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/^import\s+\{([^}]*)\}\s+from\s+'[^']+';/gm)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

describe('the texts of each area', () => {
  it.each(areas)(
    '%s reads no property of an import (the bundler would keep the file on every screen)',
    (file) => {
      const source = readFileSync(path.join(folder, file), 'utf8');
      for (const name of importedNames(source)) {
        expect(source, `${file} reads ${name}.something`).not.toMatch(
          new RegExp(`\\b${name}\\s*(?:\\.|\\[)`),
        );
      }
    },
  );

  it('the texts kept in core for the first screens are the very words of their areas', () => {
    expect(accountTexts.adminOnly).toBe(adminOnlyTexts.users);
    expect(auditTexts.adminOnly).toBe(adminOnlyTexts.audit);
    expect(deletedRecordTexts.adminOnly).toBe(adminOnlyTexts.deletedRecords);
    expect(passwordResetTexts.forgotLink).toBe(loginTexts.forgotLink);
    expect(twoFactorTexts.setupRequired).toBe(loginTexts.twoFactorSetupRequired);
    expect(offlineTexts.offline).toBe(offlineNotice);
  });
});

describe('the bell’s name', () => {
  it('says the count the badge shows, "99+" above 99, so its visible text is in its name', () => {
    expect(notificationTexts.bellLabel(0)).toBe('Notifications, 0 unread');
    expect(notificationTexts.bellLabel(99)).toBe('Notifications, 99 unread');
    expect(notificationTexts.bellLabel(2999)).toBe('Notifications, 99+ unread');
  });
});
