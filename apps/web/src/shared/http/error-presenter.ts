import { CATALOGUE_TEXT, NOTICE_TITLE, reactionFor } from './error-catalogue';
import type { ApiError } from './api-error';

/** The UI that shows catalogue reactions (app/static-feedback: antd's App instances). */
export type FeedbackUi = {
  notify: (args: { message: string; description: string; duration?: number }) => void;
  showExpired: (args: { title: string; content: string; okText: string; onOk: () => Promise<void> }) => void;
};

export type PresenterDeps = {
  ui: FeedbackUi;
  /** Clears the session and tells the server (never rejects). */
  logout: () => Promise<void>;
  reload: () => void;
};

let deps: PresenterDeps | null = null;
let expiredShown = false;
let reloadScheduled = false;

export function bindErrorPresenter(next: PresenterDeps): void {
  deps = next;
}

function withUi(run: (ui: FeedbackUi, d: PresenterDeps) => void): void {
  const d = deps;
  if (d) run(d.ui, d);
}

/** Shows SPEC section 8's reaction to one failed call. */
export function presentError(err: ApiError, hasToken: boolean): void {
  const reaction = reactionFor({ kind: err.kind, status: err.status, message: err.message, hasToken });
  switch (reaction.kind) {
    case 'notify':
      withUi((ui) =>
        ui.notify({ message: NOTICE_TITLE, description: reaction.description, duration: reaction.duration }),
      );
      return;
    case 'session-expired':
      if (expiredShown) return;
      expiredShown = true;
      withUi((ui, d) =>
        ui.showExpired({
          title: CATALOGUE_TEXT.expiredTitle,
          content: CATALOGUE_TEXT.expiredContent,
          okText: CATALOGUE_TEXT.expiredButton,
          onOk: () => d.logout().then(() => d.reload()),
        }),
      );
      return;
    case 'unauthorized':
      withUi((ui) =>
        ui.notify({ message: NOTICE_TITLE, description: reaction.description, duration: reaction.duration }),
      );
      if (reaction.reloadAfterMs !== null && !reloadScheduled && deps) {
        reloadScheduled = true;
        const d = deps;
        const delay = reaction.reloadAfterMs;
        void d.logout().then(() => setTimeout(() => d.reload(), delay));
      }
      return;
    case 'none':
      return;
  }
}

/** A 系统提示 notification outside the catalogue (e.g. the menu could not be loaded). */
export function presentNotice(description: string, duration?: number): void {
  withUi((ui) => ui.notify({ message: NOTICE_TITLE, description, duration }));
}

/** For tests: forget the bindings and the one-modal and one-reload guards. */
export function resetErrorPresenter(): void {
  deps = null;
  expiredShown = false;
  reloadScheduled = false;
}
