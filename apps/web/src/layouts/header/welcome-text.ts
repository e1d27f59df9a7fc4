import { greeting } from '../../shared/ui/greeting';
import { platformName } from './platform-name';

type Named = { realname?: string | null; username?: string | null } | null | undefined;

/** The name next to the avatar (欢迎您，<name>): the real name, else the username. */
export function welcomeName(user: Named): string {
  return user?.realname?.trim() || user?.username?.trim() || '';
}

/** The header's welcome text: the greeting of the hour and the platform name of the org code (SPEC section 1). */
export function headerWelcome(
  now: Date,
  orgCode: string | null | undefined,
  names: { a01a07: string; other: string },
): string {
  return `${greeting(now)}，欢迎进入 ${platformName(orgCode, names)}`;
}
