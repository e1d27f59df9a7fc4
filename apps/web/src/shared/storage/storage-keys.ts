/** Local storage keys of SPEC section 3; every key is stored under the `pro__` namespace. */
export const STORAGE_PREFIX = 'pro__';

export const ACCESS_TOKEN = 'Access-Token';
export const USER_NAME = 'Login_Username';
export const USER_INFO = 'Login_Userinfo';
export const SIDEBAR_TYPE = 'SIDEBAR_TYPE';
export const DEFAULT_THEME = 'DEFAULT_THEME';
export const DEFAULT_LAYOUT_MODE = 'DEFAULT_LAYOUT_MODE';
export const DEFAULT_COLOR = 'DEFAULT_COLOR';
export const DEFAULT_COLOR_WEAK = 'DEFAULT_COLOR_WEAK';
export const DEFAULT_FIXED_HEADER = 'DEFAULT_FIXED_HEADER';
export const DEFAULT_FIXED_SIDEMENU = 'DEFAULT_FIXED_SIDEMENU';
export const DEFAULT_FIXED_HEADER_HIDDEN = 'DEFAULT_FIXED_HEADER_HIDDEN';
export const DEFAULT_CONTENT_WIDTH_TYPE = 'DEFAULT_CONTENT_WIDTH_TYPE';
export const DEFAULT_MULTI_PAGE = 'DEFAULT_MULTI_PAGE';
export const USER_AUTH = 'LOGIN_USER_BUTTON_AUTH';
export const SYS_BUTTON_AUTH = 'SYS_BUTTON_AUTH';
export const ENCRYPTED_STRING = 'ENCRYPTED_STRING';

/** Beyond SPEC: whole-page dark mode (antd dark algorithm). */
export const DEFAULT_DARK_MODE = 'DEFAULT_DARK_MODE';
/** Beyond SPEC: the open tabs of this browser tab, kept in session storage so F5 keeps them. */
export const MULTI_PAGE_TABS = 'MULTI_PAGE_TABS';

/** Beyond SPEC: the last menu's page paths with their components, to start a page's data at app start. */
export const MENU_PAGES = 'MENU_PAGES';

/** Token and stored user info live 7 days (SPEC section 4 and 9). */
export const SESSION_TTL_MS = 604_800_000;
