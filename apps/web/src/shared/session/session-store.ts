import { create } from 'zustand';
import type { AuthItem, MenuEntry, UserInfo, UserPermission } from '@lims/contracts';
import { storage } from '../storage/storage';
import {
  ACCESS_TOKEN,
  MENU_PAGES,
  SESSION_TTL_MS,
  SYS_BUTTON_AUTH,
  USER_AUTH,
  USER_INFO,
  USER_NAME,
} from '../storage/storage-keys';

export type SessionState = {
  token: string | undefined;
  userInfo: UserInfo | undefined;
  /** The server menu; empty until loaded for this page (SPEC section 4: "empty permission list"). */
  menu: MenuEntry[];
  /** The user's button permissions (LOGIN_USER_BUTTON_AUTH). */
  auth: AuthItem[];
  /** Every button permission of the system (SYS_BUTTON_AUTH). */
  allAuth: AuthItem[];
  /** Every page path of the system's menu, granted or not (loaded with the menu). */
  allPaths: string[];
  /** Set by a fresh login: the layout greets the user once (欢迎 / …，欢迎回来). */
  welcome: boolean;
  setLogin(token: string, userInfo: UserInfo, opts?: { welcome?: boolean }): void;
  setUserInfo(userInfo: UserInfo): void;
  setPermissions(p: UserPermission): void;
  clear(): void;
};

/** Signed-in state; token, user info and button permissions persist under SPEC's keys. */
export const useSession = create<SessionState>()((set) => ({
  token: storage.get<string>(ACCESS_TOKEN),
  userInfo: storage.get<UserInfo>(USER_INFO),
  menu: [],
  allPaths: [],
  auth: storage.get<AuthItem[]>(USER_AUTH, []) ?? [],
  allAuth: storage.get<AuthItem[]>(SYS_BUTTON_AUTH, []) ?? [],
  welcome: false,
  setLogin(token, userInfo, opts) {
    storage.set(ACCESS_TOKEN, token, SESSION_TTL_MS);
    storage.set(USER_INFO, userInfo, SESSION_TTL_MS);
    storage.set(USER_NAME, userInfo.username, SESSION_TTL_MS);
    set({ token, userInfo, welcome: opts?.welcome === true });
  },
  setUserInfo(userInfo) {
    storage.set(USER_INFO, userInfo, SESSION_TTL_MS);
    set({ userInfo });
  },
  setPermissions({ menu, auth, allAuth, allPaths }) {
    storage.set(USER_AUTH, auth);
    storage.set(SYS_BUTTON_AUTH, allAuth);
    set({ menu, auth, allAuth, allPaths });
  },
  clear() {
    for (const key of [ACCESS_TOKEN, USER_INFO, USER_NAME, USER_AUTH, SYS_BUTTON_AUTH, MENU_PAGES]) storage.remove(key);
    set({ token: undefined, userInfo: undefined, menu: [], auth: [], allAuth: [], allPaths: [], welcome: false });
  },
}));

/** The stored token, read fresh (it may expire while the page is open). */
export function currentToken(): string | undefined {
  const token = storage.get<string>(ACCESS_TOKEN);
  if (!token && useSession.getState().token) useSession.setState({ token: undefined });
  return token;
}
