// Shared by playwright.config.ts (which runs the admin command before the server starts) and the
// console's spec (which follows the printed link). No Playwright imports: the config loads it.
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const E2E_ADMIN_EMAIL = 'e2e-operator@example.com'

/** The embedded database of the E2E server on `port`. */
export const e2eDataDir = (port: number) => join(tmpdir(), `fitness-e2e-${port}`)

/** Where the webServer command keeps the command's output (the one-time link): beside the data dir. */
export const adminLinkFile = (port: number) => `${e2eDataDir(port)}-admin-link.txt`
