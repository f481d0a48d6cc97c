// Drives the VS Code workbench in Chromium the way a person does: the command
// palette (F1), quick open (Ctrl+P), go to line (Ctrl+G), the mouse for
// hovers and context menus, the Problems view. Reads what is on screen from
// the DOM only (no extension API).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkPng } from './png.mjs';

/** The text editor of the active editor group. */
const ACTIVE_EDITOR = '.editor-group-container.active .editor-instance .monaco-editor';
const QUICK_INPUT = '.quick-input-widget';

export class Workbench {
  constructor(page, resultsDir) {
    this.page = page;
    this.resultsDir = resultsDir;
    mkdirSync(resultsDir, { recursive: true });
  }

  /** Loads the workbench and waits until it is usable. */
  async open(url) {
    await this.page.goto(url, { waitUntil: 'domcontentloaded' });
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await this.page.locator('.part.statusbar').waitFor({ timeout: 60_000 });
    // The explorer lists the workspace once the file service is up (unless a
    // modal dialog, such as the workspace-trust question, comes first).
    await this.page.locator('.explorer-folders-view .monaco-list-row, .monaco-dialog-box').first().waitFor({ timeout: 60_000 });
  }

  /** Answers the workspace-trust dialog "No, I don't trust the authors" (if it is shown). */
  async declineTrust() {
    const dialog = this.page.locator('.monaco-dialog-box');
    try {
      await dialog.waitFor({ state: 'visible', timeout: 8000 });
    } catch {
      return false;
    }
    await dialog
      .locator('.monaco-button', { hasText: /don.t trust/i })
      .first()
      .click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    return true;
  }

  /** Saves a screenshot test-results/<name>.png and checks it is a real PNG. */
  async screenshot(name) {
    const path = join(this.resultsDir, `${name}.png`);
    await this.page.screenshot({ path });
    checkPng(path);
    return path;
  }

  async #quickInputRow(label, timeout) {
    // Rows show "Category: Title" (or a file name) as their label; match it exactly.
    // A locator, not an index: the list re-renders while results arrive.
    const exact = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
    const row = this.page
      .locator(`${QUICK_INPUT} .monaco-list-row`)
      .filter({ has: this.page.locator('.label-name', { hasText: exact }) })
      .first();
    try {
      await row.waitFor({ state: 'visible', timeout });
      return row;
    } catch {
      const labels = await this.page
        .locator(`${QUICK_INPUT} .monaco-list-row .label-name`)
        .allTextContents()
        .catch(() => []);
      throw new Error(`no "${label}" in the quick input list (shown: ${labels.slice(0, 8).join(' | ') || 'nothing'})`);
    }
  }

  /** Runs a command by its title through the command palette (F1). */
  async runCommand(title, { timeout = 15_000 } = {}) {
    await this.page.keyboard.press('F1');
    const input = this.page.locator(`${QUICK_INPUT} input`);
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await this.page.keyboard.type(title, { delay: 5 });
    const row = await this.#quickInputRow(title, timeout);
    await row.click();
    await this.page
      .locator(QUICK_INPUT)
      .waitFor({ state: 'hidden', timeout: 10_000 })
      .catch(() => {});
  }

  /** True when the command palette lists a command with this title. */
  async hasCommand(title) {
    await this.page.keyboard.press('F1');
    await this.page.locator(`${QUICK_INPUT} input`).waitFor({ state: 'visible', timeout: 10_000 });
    await this.page.keyboard.type(title, { delay: 5 });
    let found = true;
    try {
      await this.#quickInputRow(title, 3000);
    } catch {
      found = false;
    }
    await this.page.keyboard.press('Escape');
    return found;
  }

  /** Opens a workspace file by name through quick open (Ctrl+P). */
  async openFile(name) {
    // The first file search of a session can come back empty while the workspace is still being indexed
    // (seen on a loaded machine): ask again.
    for (let attempt = 1; ; attempt++) {
      await this.page.keyboard.press('Control+P');
      await this.page.locator(`${QUICK_INPUT} input`).waitFor({ state: 'visible', timeout: 10_000 });
      await this.page.keyboard.type(name, { delay: 5 });
      try {
        await (await this.#quickInputRow(name, 15_000)).click();
        break;
      } catch (e) {
        await this.page.keyboard.press('Escape');
        if (attempt === 3) throw e;
      }
    }
    await this.page.locator(`.editor-group-container.active .tab.active[aria-label^="${name}"]`).waitFor({ timeout: 15_000 });
    await this.page.locator(`${ACTIVE_EDITOR} .view-line`).first().waitFor({ timeout: 15_000 });
  }

  /** The cursor position shown in the status bar, e.g. { line: 13, column: 1 }. */
  async cursor() {
    const text = await this.page.locator('#status\\.editor\\.selection').innerText({ timeout: 5000 });
    const m = /Ln (\d+), Col (\d+)/.exec(text);
    return m ? { line: Number(m[1]), column: Number(m[2]) } : undefined;
  }

  /** Moves the cursor to a line with Ctrl+G and checks the status bar agrees. */
  async gotoLine(line) {
    // Focus the editor by a click at the right edge halfway down: the top of the editor holds
    // CodeLenses (a click there runs one) and the left holds the folding controls.
    const editor = this.page.locator(ACTIVE_EDITOR).first();
    const box = await editor.boundingBox().catch(() => null);
    if (box) await editor.click({ position: { x: box.width - 40, y: box.height / 2 } }).catch(() => {});
    await this.page.keyboard.press('Control+G');
    await this.page.locator(`${QUICK_INPUT} input`).waitFor({ state: 'visible', timeout: 10_000 });
    await this.page.keyboard.type(String(line));
    await this.page.keyboard.press('Enter');
    await this.page.waitForFunction(
      (l) => /Ln (\d+)/.exec(document.querySelector('#status\\.editor\\.selection')?.textContent ?? '')?.[1] === String(l),
      line,
      { timeout: 5000 },
    );
  }

  /**
   * A line's box on screen and its text. The editor re-renders its lines when decorations come (an
   * inline datum): a line element found just before can be detached, with no box (CI: "Cannot read
   * properties of null (reading 'x')"). Then it is found again.
   */
  async #lineBox(line) {
    for (let tries = 1; ; tries++) {
      const element = await this.#viewLine(line);
      const box = await element.boundingBox();
      const text = await element.innerText().catch(() => null);
      if (box && text !== null) return { box, text };
      if (tries >= 20) throw new Error(`line ${line} has no box on screen`);
      await this.page.waitForTimeout(100);
    }
  }

  /** The rendered `.view-line` of a 1-based line (the cursor must have made it visible). */
  async #viewLine(line) {
    await this.page.locator(`${ACTIVE_EDITOR} .line-numbers`).first().waitFor({ timeout: 10_000 });
    const handle = await this.page.evaluateHandle(
      ({ editorSel, line }) => {
        const editor = document.querySelector(editorSel);
        if (!editor) return null;
        const number = [...editor.querySelectorAll('.margin-view-overlays .line-numbers')].find((el) => el.textContent.trim() === String(line));
        if (!number) return null;
        const top = number.getBoundingClientRect().top;
        return [...editor.querySelectorAll('.view-lines .view-line')].find((el) => Math.abs(el.getBoundingClientRect().top - top) < 2) ?? null;
      },
      { editorSel: ACTIVE_EDITOR, line },
    );
    const element = handle.asElement();
    if (!element) throw new Error(`line ${line} is not on screen`);
    return element;
  }

  /**
   * Everything shown on a line: its text, injected text, and the content of
   * ::before/::after pseudo-elements (where VS Code puts decoration text
   * such as CReach's inline datum).
   */
  async lineText(line) {
    const element = await this.#viewLine(line);
    return element.evaluate((el) => {
      const pseudo = (node, which) => {
        const content = getComputedStyle(node, which).content;
        if (!content || content === 'none' || content === 'normal') return '';
        try {
          return JSON.parse(content);
        } catch {
          return content.replace(/^"|"$/g, '');
        }
      };
      let text = '';
      const walk = (node) => {
        if (node.nodeType === Node.TEXT_NODE) {
          text += node.textContent;
          return;
        }
        if (node.nodeType !== Node.ELEMENT_NODE) return;
        text += pseudo(node, '::before');
        node.childNodes.forEach(walk);
        text += pseudo(node, '::after');
      };
      walk(el);
      return text.replace(/\u00a0/g, ' ');
    });
  }

  /** The CodeLenses shown in the active editor: { line (the line below the lens), text }, top to bottom. */
  async codeLenses() {
    return this.page.evaluate((editorSel) => {
      const editor = document.querySelector(editorSel);
      if (!editor) return [];
      const numbers = [...editor.querySelectorAll('.margin-view-overlays .line-numbers')]
        .map((el) => ({ line: Number(el.textContent.trim()), top: el.getBoundingClientRect().top }))
        .sort((a, b) => a.top - b.top);
      return [...editor.querySelectorAll('.codelens-decoration')]
        .map((lens) => {
          const bottom = lens.getBoundingClientRect().bottom;
          const below = numbers.find((n) => n.top >= bottom - 2);
          return {
            line: below?.line,
            text: lens.innerText
              .replace(/\u00a0/g, ' ')
              .replace(/\s*\n\s*/g, ' ')
              .trim(),
          };
        })
        .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    }, ACTIVE_EDITOR);
  }

  /**
   * CReach's gutter marks in the active editor: { line, icon } for each glyph
   * whose background is one of the extension's icons (media/icons/NAME.svg).
   */
  async gutterMarks() {
    return this.page.evaluate((editorSel) => {
      const editor = document.querySelector(editorSel);
      if (!editor) return [];
      const numbers = [...editor.querySelectorAll('.margin-view-overlays .line-numbers')].map((el) => ({
        line: Number(el.textContent.trim()),
        top: el.getBoundingClientRect().top,
        bottom: el.getBoundingClientRect().bottom,
      }));
      const marks = [];
      for (const el of editor.querySelectorAll('.margin *')) {
        // code-server serves extension files through a URL whose path is a query parameter: decode it.
        let image = getComputedStyle(el).backgroundImage ?? '';
        try {
          image = decodeURIComponent(image);
        } catch {
          /* not encoded */
        }
        const icon = /media\/icons\/([\w-]+)\.svg/.exec(image)?.[1];
        if (!icon) continue;
        const r = el.getBoundingClientRect();
        const middle = (r.top + r.bottom) / 2;
        const line = numbers.find((n) => n.top <= middle && middle <= n.bottom)?.line;
        if (line !== undefined) marks.push({ line, icon });
      }
      return marks.sort((a, b) => a.line - b.line);
    }, ACTIVE_EDITOR);
  }

  /** The right edge of a line's rendered text (decorations included) and of the editor's visible area, in CSS pixels. */
  async lineExtent(line) {
    const element = await this.#viewLine(line);
    const right = await element.evaluate((el) => {
      let max = 0;
      for (const span of el.querySelectorAll('span')) {
        const r = span.getBoundingClientRect();
        if (r.width > 0) max = Math.max(max, r.right);
      }
      return max;
    });
    const visible = await this.page.evaluate((editorSel) => {
      const editor = document.querySelector(editorSel);
      const scrollable = editor?.querySelector('.editor-scrollable') ?? editor;
      return scrollable.getBoundingClientRect().right;
    }, ACTIVE_EDITOR);
    return { right, visible };
  }

  /** Clicks the CodeLens of a line whose text matches `pattern`. */
  async clickCodeLens(pattern) {
    const link = this.page.locator(`${ACTIVE_EDITOR} .codelens-decoration a`, { hasText: pattern }).first();
    await link.waitFor({ state: 'visible', timeout: 30_000 });
    await link.click();
  }

  /** The texts of the status bar's items, left to right. */
  async statusBarItems() {
    return (await this.page.locator('.part.statusbar .statusbar-item').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
  }

  /** A view's pane by its exact title ("Results" is not the panel's "Test Results"). */
  #pane(title) {
    const exact = new RegExp(`^\\s*${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i');
    return this.page.locator('.pane', { has: this.page.locator('.pane-header .title', { hasText: exact }) }).first();
  }

  /** The rows of a tree view in the side bar (by the view's title), as shown: label and description. */
  async viewRows(title) {
    const pane = this.#pane(title);
    await pane.waitFor({ state: 'visible', timeout: 15_000 });
    return (await pane.locator('.monaco-list-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  /** The accessible labels of a side-bar view's rows (they carry what icons show, e.g. a test's state). */
  async viewRowLabels(title) {
    const pane = this.#pane(title);
    await pane.waitFor({ state: 'visible', timeout: 15_000 });
    return pane.locator('.monaco-list-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
  }

  /** Clicks a button (e.g. "Cancel") of the notification toast whose text matches `pattern`. */
  async clickNotificationButton(pattern, label) {
    const toast = this.page.locator('.notifications-toasts .notification-toast', { hasText: pattern }).first();
    await toast.waitFor({ state: 'visible', timeout: 30_000 });
    await toast.locator('.monaco-button', { hasText: label }).first().click();
  }

  /** The text on the clipboard (the browser context must have clipboard-read permission). */
  async clipboard() {
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /** Types text at the cursor of the active editor (as a user does). */
  async type(text) {
    await this.page.keyboard.type(text, { delay: 10 });
  }

  /** Points the mouse at the first character of a line's code and returns the hover's text ('' if none). */
  async hoverLine(line, { timeout = 5000 } = {}) {
    await this.page.mouse.move(0, 0);
    await this.page
      .locator(`${ACTIVE_EDITOR} .monaco-hover`)
      .first()
      .waitFor({ state: 'hidden', timeout: 3000 })
      .catch(() => {});
    const element = await this.#viewLine(line);
    const box = await element.evaluate((el) => {
      const range = document.createRange();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const i = node.textContent.search(/\S/);
        if (i >= 0) {
          range.setStart(node, i);
          range.setEnd(node, Math.min(node.textContent.length, i + 2));
          const r = range.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        }
      }
      return null;
    });
    if (!box) throw new Error(`line ${line} has no text to hover`);
    await this.page.mouse.move(box.x, box.y, { steps: 4 });
    const hover = this.page.locator('.monaco-hover:not(.hidden) .monaco-hover-content, .monaco-hover:not(.hidden) .hover-contents').first();
    try {
      await hover.waitFor({ state: 'visible', timeout });
      await this.page.waitForTimeout(300); // hover parts arrive one after another
      return (await this.page.locator('.monaco-hover:not(.hidden)').first().innerText()).replace(/\u00a0/g, ' ');
    } catch {
      return '';
    }
  }

  /** Right-clicks a line's code and picks a context-menu item by its title (with or without category). */
  async contextMenuOnLine(line, label) {
    // An entry offered only on some lines (Reach this branch: only where a decision is) appears once the
    // server has described the file: a menu opened before that lacks it, and is opened again.
    for (let tries = 1; ; tries++) {
      try {
        return await this.#contextMenuOnLineOnce(line, label);
      } catch (e) {
        if (tries >= 10 || !/^no ".*" in the editor context menu/.test(e.message)) throw e;
        await this.page.waitForTimeout(2000);
      }
    }
  }

  async #contextMenuOnLineOnce(line, label) {
    // Right-click inside the code (past the indentation) so that the cursor moves there. A CodeLens
    // appearing meanwhile moves the lines down: then the cursor lands elsewhere, and we try again.
    for (let attempt = 1; ; attempt++) {
      const { box, text } = await this.#lineBox(line);
      const indent = text.search(/\S/);
      const before = await this.cursor();
      await this.page.mouse.click(box.x + Math.max(indent, 0) * 7.7 + 12, box.y + box.height / 2, { button: 'right' });
      // The status bar shows the click's position a moment later (in CI it still showed Ctrl+G's line,
      // one above the cursor, when read at once): wait for it to change.
      let at = before;
      for (const end = Date.now() + 3000; Date.now() < end;) {
        at = await this.cursor();
        if (at?.line !== before?.line || at?.column !== before?.column) break;
        await this.page.waitForTimeout(100);
      }
      if (at?.line === line) break;
      await this.page.keyboard.press('Escape');
      if (attempt === 3) throw new Error(`right-clicking line ${line} put the cursor on line ${at?.line}, three times`);
      await this.page.waitForTimeout(1000);
    }
    const labels = this.page.locator('.context-view .monaco-menu .action-item .action-label');
    await labels.first().waitFor({ state: 'visible', timeout: 10_000 });
    const all = (await labels.allInnerTexts()).map((t) => t.trim());
    // Menus show a command's title without its category ("CReach: ").
    const index = all.findIndex((l) => l === label || l === label.replace(/^[^:]+: /, ''));
    if (index < 0) {
      await this.page.keyboard.press('Escape');
      throw new Error(`no "${label}" in the editor context menu (shown: ${all.filter(Boolean).join(' | ')})`);
    }
    await labels.nth(index).click();
    // The menu sometimes only focuses the item on a synthetic click: then Enter runs it, as a user would.
    // But a menu that did run the command may still be fading out: an Enter pressed then goes to the
    // editor and splits the line (CI: the line became its indentation, the datum never came). So wait
    // for the menu to close, and press Enter only while the keyboard focus is still inside the menu.
    const menu = this.page.locator('.context-view .monaco-menu');
    const closed = await menu
      .waitFor({ state: 'hidden', timeout: 2000 })
      .then(() => true)
      .catch(() => false);
    if (!closed) {
      const focusInMenu = await this.page.evaluate(() => !!document.activeElement?.closest('.context-view .monaco-menu'));
      if (focusInMenu) await this.page.keyboard.press('Enter');
      // Neither: the click only highlighted the item (CI: the menu still open 2 s later, the item
      // highlighted, the focus elsewhere). A menu still fully open ran nothing: click the item again.
      else if (await labels.nth(index).isVisible()) await labels.nth(index).click();
      await menu.waitFor({ state: 'hidden', timeout: 5000 });
    }
  }

  /** The labels of the editor context menu on a line (right-click in its code), then closes the menu. */
  async contextMenuLabels(line) {
    const { box, text } = await this.#lineBox(line);
    const indent = text.search(/\S/);
    await this.page.mouse.click(box.x + Math.max(indent, 0) * 7.7 + 12, box.y + box.height / 2, { button: 'right' });
    const labels = this.page.locator('.context-view .monaco-menu .action-item .action-label');
    await labels.first().waitFor({ state: 'visible', timeout: 10_000 });
    const all = (await labels.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    await this.page.keyboard.press('Escape');
    return all;
  }

  /** Picks the item with this label in the quick pick a command opened. */
  async pickItem(label) {
    await this.page.locator(QUICK_INPUT).waitFor({ state: 'visible', timeout: 15_000 });
    const row = await this.#quickInputRow(label, 10_000);
    await row.click();
  }

  /**
   * Chooses a folder in the file dialog VS Code shows in the browser (a
   * quick input holding a path): types the path and presses its OK button.
   */
  async chooseFolder(path, okLabel) {
    const widget = this.page.locator(QUICK_INPUT);
    await widget.waitFor({ state: 'visible', timeout: 15_000 });
    const input = widget.locator('input').first();
    const typed = path.endsWith('/') ? path : `${path}/`;
    await input.fill(typed);
    // The dialog resolves the typed path asynchronously; on a loaded machine an OK pressed before it has
    // done so is ignored (CI: the dialog stayed open). Press again while it stays open, keeping the path.
    for (let attempt = 1; ; attempt++) {
      await this.page.waitForTimeout(500 * attempt);
      await widget
        .locator('.monaco-button', { hasText: okLabel })
        .first()
        .click()
        .catch(() => {});
      try {
        await widget.waitFor({ state: 'hidden', timeout: 5_000 });
        return;
      } catch (error) {
        if (attempt >= 4) throw error;
        if (!(await widget.isVisible().catch(() => false))) return;
        if ((await input.inputValue().catch(() => typed)) !== typed) await input.fill(typed);
      }
    }
  }

  /** Opens the Problems view (Ctrl+Shift+M) on the problems of `files` (a glob; '' for all) and returns its rows' accessible labels. */
  async problems(files = '') {
    const rows = this.page.locator('.markers-panel .monaco-list-row');
    if (
      !(await this.page
        .locator('.markers-panel')
        .isVisible()
        .catch(() => false))
    ) {
      await this.page.keyboard.press('Control+Shift+M');
      await this.page.locator('.markers-panel').waitFor({ state: 'visible', timeout: 10_000 });
    }
    // The list renders only the rows in view: with many open files the one a scenario is about can be
    // below them, so a scenario names its files (a glob in the view's filter box; '' shows every file).
    const filter = this.page.getByPlaceholder(/^Filter \(e\.g\./).first();
    if ((await filter.inputValue()) !== files) {
      await filter.fill(files);
      await this.page.waitForTimeout(1000);
    }
    const labels = [];
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      labels.push(`${(await row.getAttribute('aria-label')) ?? ''} ${await row.innerText()}`.replace(/\s+/g, ' ').trim());
    }
    return labels;
  }

  /**
   * Selects the first Problems-view row whose label matches `pattern`, as a user
   * does (click, Enter to open it): the editor's cursor goes to the problem.
   */
  async openProblem(pattern, files = '') {
    await this.problems(files);
    const rows = this.page.locator('.markers-panel .monaco-list-row');
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const label = `${(await row.getAttribute('aria-label')) ?? ''} ${await row.innerText()}`;
      if (!pattern.test(label)) continue;
      await row.click();
      await this.page.keyboard.press('Enter');
      return label.replace(/\s+/g, ' ').trim();
    }
    throw new Error(`no row of the Problems view matches ${pattern}`);
  }

  /** The text of the notifications on screen (toasts), to show in failures. */
  async notifications() {
    return (await this.page.locator('.notifications-toasts .notification-toast').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
  }

  /** Labels of the open editor tabs. */
  async tabs() {
    return (await this.page.locator('.tabs-container .tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('aria-label') ?? t.textContent))).map((t) =>
      t.trim(),
    );
  }

  /** The frame (webview) in which `selector` matches, waiting up to timeout. */
  async frameWith(selector, { timeout = 30_000 } = {}) {
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline) {
      for (const frame of this.page.frames()) {
        if (frame === this.page.mainFrame()) continue;
        if (
          await frame
            .locator(selector)
            .count()
            .catch(() => 0)
        )
          return frame;
      }
      await this.page.waitForTimeout(250);
    }
    return undefined;
  }
}

/** Polls `probe` until `accept(value)` holds; returns the last value either way. */
export async function waitFor(probe, accept, { timeout = 30_000, interval = 500 } = {}) {
  const deadline = Date.now() + timeout;
  let value = await probe();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, interval));
    value = await probe();
  }
  return value;
}
