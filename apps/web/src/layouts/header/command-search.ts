import type { MenuEntry } from '@lims/contracts';

export type CommandItem = { path: string; title: string; trail: string };

/** Every page of the visible menu the user may open, with its menu trail (系统管理 / 用户管理). */
export function commandItems(entries: MenuEntry[], parents: string[] = []): CommandItem[] {
  return entries.flatMap((e) => {
    const trail = [...parents, e.meta.title];
    if (e.children?.length) return commandItems(e.children, trail);
    return [{ path: e.path, title: e.meta.title, trail: trail.join(' / ') }];
  });
}

/** Items whose title, trail or path contain every word of the query (case-insensitive). */
export function searchCommands(items: CommandItem[], query: string): CommandItem[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return items;
  return items.filter((it) => {
    const hay = `${it.trail} ${it.path}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}
