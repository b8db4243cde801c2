// Links made before the study edition took the official numbering (#p24-3, #a1-5-19-1, #a3-5-1) still
// land on the place they meant: content/rules/old-anchors.json maps each old anchor to the new one,
// and the page carries the map. An anchor that exists on the page is never remapped, so an old
// whole-paragraph link (#p24) opens the official paragraph 24.
export function oldAnchorTarget(
  hash: string,
  map: Record<string, string>,
  exists: (id: string) => boolean,
): string | null {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return null; // "#100%" or a cut "#%D0": no anchor of ours, and no reason to break the page
  }
  if (!id || exists(id)) return null;
  const target = map[id];
  return target && exists(target) ? target : null;
}

export function mapOldAnchor(): void {
  const data = document.getElementById('rules-old-anchors');
  if (!data) return;
  const target = oldAnchorTarget(
    location.hash,
    JSON.parse(data.textContent || '{}'),
    (id) => !!document.getElementById(id),
  );
  if (!target) return;
  history.replaceState(history.state, '', `#${target}`);
  document.getElementById(target)?.scrollIntoView();
  // :target styles follow the URL only on navigation; the highlight class does the same job here.
  document.dispatchEvent(new CustomEvent('zhol:rules-anchor', { detail: target }));
}
