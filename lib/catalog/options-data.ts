// Generated from lib/catalog/layer-options.md by tests/unit/option-catalog.test.ts
// (npx vitest run -u tests/unit/option-catalog.test.ts). Do not edit by hand.

export const optionRows = [
  {
    "name": "layer.appStore.install",
    "room": "apps",
    "namespace": "layer.appStore",
    "type": "boolean",
    "default": "false",
    "rules": "installs roster entries having `appStoreId` from the app store during activation, skipping installed ones; a paid app not already owned is reported and skipped; user must have signed in once beforehand",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.appStore.timeout",
    "room": "apps",
    "namespace": "layer.appStore",
    "type": "positive integer (>0), seconds",
    "default": "3600",
    "rules": "bound on one store fetch; the first fetch to time out makes the rest of the store entries in that rebuild skip",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.apps.cursor.enable",
    "room": "apps",
    "namespace": "layer.apps",
    "type": "boolean",
    "default": "false",
    "rules": "installs the roster entry `cursor`",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.apps.packs.writing.enable",
    "room": "apps",
    "namespace": "layer.apps",
    "type": "boolean",
    "default": "false",
    "rules": "installs the writing collection (four apps) as roster entries at default priority; per-field overrides via layer.roster.<id>.* win",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.apps.vscode.enable",
    "room": "apps",
    "namespace": "layer.apps",
    "type": "boolean",
    "default": "false",
    "rules": "installs the roster entry `vscode`",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.apps.zed.enable",
    "room": "apps",
    "namespace": "layer.apps",
    "type": "boolean",
    "default": "false",
    "rules": "installs the roster entry `zed`",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.homebrew.adopt",
    "room": "apps",
    "namespace": "layer.homebrew",
    "type": "boolean",
    "default": "true",
    "rules": "a declared cask already present in the applications folder is adopted instead of failing; setting false currently has no effect",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.homebrew.autoUpdate",
    "room": "apps",
    "namespace": "layer.homebrew",
    "type": "boolean",
    "default": "false",
    "rules": "run a package-manager update before the step on each rebuild",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.homebrew.cleanup",
    "room": "apps",
    "namespace": "layer.homebrew",
    "type": "enum `none`, `uninstall`, `zap`",
    "default": "`none`",
    "rules": "treatment of installed but undeclared casks/formulae: leave, remove keeping data, remove with data",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.homebrew.upgrade",
    "room": "apps",
    "namespace": "layer.homebrew",
    "type": "boolean",
    "default": "false",
    "rules": "upgrade outdated packages on each rebuild",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.appearance.largePrint",
    "room": "appearance",
    "namespace": "layer.appearance",
    "type": "boolean",
    "default": "false",
    "rules": "sets, each at default priority: layer.ui.scale = 1.4; layer.theme.contrast = `high`; layer.accessibility.increaseContrast = true; layer.displays.main.uiScale = `larger-text`. Turning it off returns ui.scale and theme.contrast to their values; the last two become null (unmanaged) and the Dock icon size stays where it was",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.appearance.reduceMotion",
    "room": "appearance",
    "namespace": "layer.appearance",
    "type": "boolean",
    "default": "false",
    "rules": "turns off, each at default priority: layer.bar.logo.sweep, layer.bar.media.marquee, layer.bar.calendar.marquee, layer.windows.mouseFollowsFocus, layer.windows.gravity; also requests layer.accessibility.reduceMotion. Turning it off does not clear the OS flag",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.theme.accent",
    "room": "appearance",
    "namespace": "layer.theme",
    "type": "enum `rosewater`, `flamingo`, `pink`, `mauve`, `red`, `maroon`, `peach`, `yellow`, `green`, `teal`, `sky`, `sapphire`, `blue`, `lavender`",
    "default": "`mauve`",
    "rules": "accent colour of themed tools",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.theme.contrast",
    "room": "appearance",
    "namespace": "layer.theme",
    "type": "enum `normal`, `high`",
    "default": "`normal`",
    "rules": "high swaps in the high-contrast palette; does not reach the OS itself",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.theme.flavor",
    "room": "appearance",
    "namespace": "layer.theme",
    "type": "enum `mocha`, `latte`",
    "default": "`mocha`",
    "rules": "dark or light palette",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.theme.ports.enable",
    "room": "appearance",
    "namespace": "layer.theme",
    "type": "boolean",
    "default": "false",
    "rules": "places bundled palette ports for roster apps whose id equals the port name",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.theme.systemAppearance",
    "room": "appearance",
    "namespace": "layer.theme",
    "type": "enum `unmanaged`, `flavor`, `light`, `dark`",
    "default": "`unmanaged`",
    "rules": "`flavor` maps latte to Light and mocha to Dark; needs an Automation grant, else a warning",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.style",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "enum `none`, `minimal`, `orbits`, `constellation`, `flow`, `bold`",
    "default": "`none`",
    "rules": "applied at each activation; `none` runs nothing; the options below tune `minimal`",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.background",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "null or string matching #[0-9a-fA-F]{6}",
    "default": "null",
    "rules": "pins the field colour; `depth` then has no meaning",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.depth",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "integer 0-5",
    "default": "1",
    "rules": "steps in from the palette's outermost tone",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.size",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "string matching [0-9]+x[0-9]+ (WIDTHxHEIGHT pixels)",
    "default": "3456x2234",
    "rules": "render size",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.grain",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "number 0.0-0.1",
    "default": "0.01",
    "rules": "dither/film grain, fraction of full scale",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.glow.enable",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "boolean",
    "default": "true",
    "rules": "",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.glow.color",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "null or hex string",
    "default": "null",
    "rules": "null takes the accent",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.glow.spread",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "number 0.2-4.0",
    "default": "1.15",
    "rules": "diameter as a multiple of the long edge",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.glow.strength",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "integer 0-100",
    "default": "3",
    "rules": "percent mixed into the field",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.mark.enable",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "boolean",
    "default": "true",
    "rules": "",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.mark.color",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "enum `muted`, `ink`, `accent`, `spectrum`",
    "default": "`spectrum`",
    "rules": "",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.mark.opacity",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "number 0.0-1.0",
    "default": "1.0",
    "rules": "",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.mark.rise",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "number -0.5 to 0.5",
    "default": "0.0",
    "rules": "height above centre as fraction of picture height",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.mark.size",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "number 0.01-0.9",
    "default": "0.1",
    "rules": "fraction of the short edge",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.mark.weight",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "number 0.005-0.25",
    "default": "0.09",
    "rules": "stroke width as fraction of mark height",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.debug.enable",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "boolean",
    "default": "false",
    "rules": "prints the revisions of the listed inputs bottom-left",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.debug.inputs",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "list of string",
    "default": "five entries, `self` first then four family input names",
    "rules": "names that do not exist are skipped",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.debug.inset",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "null or unsigned integer",
    "default": "null",
    "rules": "picture pixels from the bottom-left corner; null is derived from the tiling gaps, doubled",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.wallpaper.debug.size",
    "room": "appearance",
    "namespace": "layer.wallpaper",
    "type": "number 0.002-0.1",
    "default": "0.011",
    "rules": "fraction of the short edge",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.fonts.mono.baseSize",
    "room": "appearance",
    "namespace": "layer.fonts",
    "type": "positive integer",
    "default": "13",
    "rules": "terminal font baseline before layer.ui.scale multiplies it",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.fonts.mono.size",
    "room": "appearance",
    "namespace": "layer.fonts",
    "type": "positive integer",
    "default": "baseSize scaled by ui.scale and rounded",
    "rules": "pinning it makes ui.scale stop moving the terminal font",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.fonts.mono.name",
    "room": "appearance",
    "namespace": "layer.fonts",
    "type": "string",
    "default": "a bundled patched monospace family",
    "rules": "drives terminal and bar; set `package` or `packageName` when changed",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.fonts.mono.package",
    "room": "appearance",
    "namespace": "layer.fonts",
    "type": "null or package",
    "default": "null",
    "rules": "",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.fonts.mono.packageName",
    "room": "appearance",
    "namespace": "layer.fonts",
    "type": "null or string",
    "default": "null",
    "rules": "attribute path into the package set; set one of package/packageName, never both; an unresolvable name fails at evaluation",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.fonts.sans.name",
    "room": "appearance",
    "namespace": "layer.fonts",
    "type": "string",
    "default": "the host system UI font",
    "rules": "clock pill (when not mono), launcher, shelf, banners, settings windows; a missing family falls back to the system font silently",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.fonts.sans.package",
    "room": "appearance",
    "namespace": "layer.fonts",
    "type": "null or package",
    "default": "null",
    "rules": "",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.fonts.sans.packageName",
    "room": "appearance",
    "namespace": "layer.fonts",
    "type": "null or string",
    "default": "null",
    "rules": "as mono.packageName",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.accessibility.closeViewScrollWheelToggle",
    "room": "appearance",
    "namespace": "layer.accessibility",
    "type": "null or boolean",
    "default": "null",
    "rules": "hold Control and scroll to magnify the display",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.accessibility.closeViewZoomFollowsFocus",
    "room": "appearance",
    "namespace": "layer.accessibility",
    "type": "null or boolean",
    "default": "null",
    "rules": "zoomed view follows keyboard focus; needs a zoom to follow",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.accessibility.differentiateWithoutColor",
    "room": "appearance",
    "namespace": "layer.accessibility",
    "type": "null or boolean",
    "default": "null",
    "rules": "add shapes and text where hue alone would carry meaning",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.accessibility.increaseContrast",
    "room": "appearance",
    "namespace": "layer.accessibility",
    "type": "null or boolean",
    "default": "null",
    "rules": "OS increase-contrast",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.accessibility.mouseDriverCursorSize",
    "room": "appearance",
    "namespace": "layer.accessibility",
    "type": "null or number 1.0-4.0",
    "default": "null",
    "rules": "pointer size, linear, 1.0 normal",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.accessibility.reduceMotion",
    "room": "appearance",
    "namespace": "layer.accessibility",
    "type": "null or boolean",
    "default": "null",
    "rules": "OS reduce-motion; browsers read it as prefers-reduced-motion",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.accessibility.reduceTransparency",
    "room": "appearance",
    "namespace": "layer.accessibility",
    "type": "null or boolean",
    "default": "null",
    "rules": "opaque menu bar, sheets, sidebars",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.animations",
    "room": "appearance",
    "namespace": "layer.animations",
    "type": "enum `fast`, `system`",
    "default": "`system`",
    "rules": "`system` writes nothing and does not restore. `fast` writes five keys, each overridable: Dock autohide-time-modifier 0.15; Dock expose-animation-duration 0.1; Dock launchanim false; Dock mineffect scale; global NSAutomaticWindowAnimationsEnabled false. The four Dock keys are live after activation; the global key is read by each app at launch",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.screenshots.format",
    "room": "appearance",
    "namespace": "layer.screenshots",
    "type": "null or enum `png`, `jpg`, `pdf`, `tiff`, `heic`, `gif`",
    "default": "null",
    "rules": "",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.screenshots.includeDate",
    "room": "appearance",
    "namespace": "layer.screenshots",
    "type": "null or boolean",
    "default": "null",
    "rules": "date/time in file names",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.screenshots.location",
    "room": "appearance",
    "namespace": "layer.screenshots",
    "type": "null or string",
    "default": "null",
    "rules": "absolute or starting with `~/`; the directory is created at activation",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.screenshots.shadow",
    "room": "appearance",
    "namespace": "layer.screenshots",
    "type": "null or boolean",
    "default": "null",
    "rules": "window-capture shadow",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.screenshots.thumbnail",
    "room": "appearance",
    "namespace": "layer.screenshots",
    "type": "null or boolean",
    "default": "null",
    "rules": "floating preview; the shelf turns it off at default priority while layer.shelf.watchScreenshots is on; naming this option overrides that",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.sound.alertSound",
    "room": "appearance",
    "namespace": "layer.sound",
    "type": "null or enum `Basso`, `Blow`, `Bottle`, `Frog`, `Funk`, `Glass`, `Hero`, `Morse`, `Ping`, `Pop`, `Purr`, `Sosumi`, `Submarine`, `Tink`",
    "default": "null",
    "rules": "write is skipped with a warning if the sound file is missing",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.sound.alertVolume",
    "room": "appearance",
    "namespace": "layer.sound",
    "type": "null or integer 0-100",
    "default": "null",
    "rules": "converted to the stored value e^(v/100 - 1), 0 meaning silence; every rebuild reasserts it",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.sound.startupChime",
    "room": "appearance",
    "namespace": "layer.sound",
    "type": "null or boolean",
    "default": "null",
    "rules": "firmware state; needs root, which activation has",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.sound.uiSounds",
    "room": "appearance",
    "namespace": "layer.sound",
    "type": "null or boolean",
    "default": "null",
    "rules": "",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.sound.volumeFeedback",
    "room": "appearance",
    "namespace": "layer.sound",
    "type": "null or boolean",
    "default": "null",
    "rules": "",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.displays",
    "room": "displays",
    "namespace": "layer.displays",
    "type": "attribute set of submodule",
    "default": "{}",
    "rules": "a desktop may use only the keys `internal` and `main`; the host may also key by a persistent display UUID. A key naming an unattached display is skipped with a note.",
    "hostOnly": false,
    "desktopSafePerKey": true
  },
  {
    "name": "layer.displays.<name>.uiScale",
    "room": "displays",
    "namespace": "layer.displays",
    "type": "null or enum `more-space`, `default`, `slightly-larger-text`, `larger-text`, `largest-text`",
    "default": "null",
    "rules": "resolved per panel from the modes it reports; applied at each activation while a GUI session exists; re-applying the current mode is a no-op; when several selectors name one panel: UUID over internal over main",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.displays.<name>.arrangement",
    "room": "displays",
    "namespace": "layer.displays",
    "type": "null or submodule",
    "default": "null",
    "rules": "relation resolved to an origin at each activation; applied only while both displays are attached; all uiScale entries are applied before any arrangement; a cycle is refused at evaluation; may make a display main by placing it at origin",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.displays.<name>.arrangement.side",
    "room": "displays",
    "namespace": "layer.displays",
    "type": "enum `right-of`, `left-of`, `above`, `below`",
    "default": "no default",
    "rules": "",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.displays.<name>.arrangement.of",
    "room": "displays",
    "namespace": "layer.displays",
    "type": "string",
    "default": "no default",
    "rules": "`internal`, `main` or a UUID; may not name the display itself",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.displays.<name>.arrangement.align",
    "room": "displays",
    "namespace": "layer.displays",
    "type": "null or enum `top`, `center`, `bottom`, `left`, `right`",
    "default": "null",
    "rules": "top/center/bottom for right-of and left-of; left/center/right for above and below; null pins the top edge (horizontal side) or left edge (vertical side)",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.terminal.editor",
    "room": "development",
    "namespace": "layer.terminal",
    "type": "string",
    "default": "command of editorName's editor",
    "rules": "shell command for EDITOR/VISUAL and every open-in-editor action; does not install anything",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.terminal.editorName",
    "room": "development",
    "namespace": "layer.terminal",
    "type": "enum `cursor`, `helix`, `nano`, `neovim`, `vim`, `vscode`, `zed`",
    "default": "`zed`",
    "rules": "which editor is installed; also moves `editor`",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.terminal.floatBorder",
    "room": "development",
    "namespace": "layer.terminal",
    "type": "enum `accent`, `grey`, `off`, `rosewater`, `flamingo`, `pink`, `mauve`, `red`, `maroon`, `peach`, `yellow`, `green`, `teal`, `sky`, `sapphire`, `blue`, `lavender`",
    "default": "`accent`",
    "rules": "outline of floating terminals, 2 points wide; `off` draws none",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.terminal.floatOnTop",
    "room": "development",
    "namespace": "layer.terminal",
    "type": "boolean",
    "default": "true",
    "rules": "floating terminals stay above tiled windows; needs an Automation grant for the spawning app, else they sink",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.terminal.ghDash.enable",
    "room": "development",
    "namespace": "layer.terminal",
    "type": "boolean",
    "default": "false",
    "rules": "dashboard and its floating window; an assertion requires layer.developer.git.enable",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.terminal.hijackFileAssociations",
    "room": "development",
    "namespace": "layer.terminal",
    "type": "boolean",
    "default": "false",
    "rules": "about 80 text/code extensions open in the configured editor; a file inside a registered note vault opens in the note app",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.terminal.obsidianVaults",
    "room": "development",
    "namespace": "layer.terminal",
    "type": "list of string",
    "default": "[]",
    "rules": "home-relative paths without `..`; a vault whose `.obsidian` directory does not exist is skipped with a warning; activation never fails over a vault",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.terminal.restoreWindows",
    "room": "development",
    "namespace": "layer.terminal",
    "type": "boolean",
    "default": "true",
    "rules": "first terminal window reopens one window per parked session; needs layer.ai.clients",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.zen.extensions",
    "room": "development",
    "namespace": "layer.zen",
    "type": "attribute set of submodule",
    "default": "{}",
    "rules": "browser extensions via enterprise policy in a root-owned managed preference file; a rebuild that cannot write it warns",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.zen.extensions.<name>.enable",
    "room": "development",
    "namespace": "layer.zen",
    "type": "boolean",
    "default": "true",
    "rules": "",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.zen.extensions.<name>.id",
    "room": "development",
    "namespace": "layer.zen",
    "type": "null or string",
    "default": "null",
    "rules": "the extension's own id (brace-wrapped UUID or email-shaped); a wrong id installs nothing silently",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.zen.extensions.<name>.mode",
    "room": "development",
    "namespace": "layer.zen",
    "type": "enum `force_installed`, `normal_installed`, `allowed`, `blocked`",
    "default": "`force_installed`",
    "rules": "",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.zen.extensions.<name>.slug",
    "room": "development",
    "namespace": "layer.zen",
    "type": "null or string",
    "default": "null",
    "rules": "used only to build the default `url`",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.zen.extensions.<name>.url",
    "room": "development",
    "namespace": "layer.zen",
    "type": "string",
    "default": "empty",
    "rules": "empty builds the latest-version URL from slug; a `file://` URL makes the layer lock the signature requirement off for the whole browser",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.zen.extraPolicies",
    "room": "development",
    "namespace": "layer.zen",
    "type": "attribute set",
    "default": "{}",
    "rules": "merged one level deep beside the extension settings, keys here win; naming a policy takes it over whole; null is not a valid value; all empty takes the file down",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.zen.tabBridge.enable",
    "room": "development",
    "namespace": "layer.zen",
    "type": "boolean",
    "default": "false",
    "rules": "deploys the layer's own extension so the bar can switch to a tab; also locks the signature requirement off for the browser",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.zen.userStyles",
    "room": "development",
    "namespace": "layer.zen",
    "type": "list of string",
    "default": "[]",
    "rules": "site-style slugs compiled into the user stylesheet at build; an unknown slug fails the build listing valid ones; needs a browser restart to apply",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.portless.enable",
    "room": "development",
    "namespace": "layer.portless",
    "type": "boolean",
    "default": "false",
    "rules": "named .localhost URLs through a reverse proxy",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.portless.https",
    "room": "development",
    "namespace": "layer.portless",
    "type": "boolean",
    "default": "true",
    "rules": "HTTPS with HTTP/2 from a local certificate authority; false serves plain HTTP",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.portless.lanes.enable",
    "room": "development",
    "namespace": "layer.portless",
    "type": "boolean",
    "default": "value of layer.ai.enable",
    "rules": "registers <lane>.<repo>.localhost for agent lanes; setting true when ai is off only warns",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.portless.port",
    "room": "development",
    "namespace": "layer.portless",
    "type": "16-bit unsigned integer 0-65535",
    "default": "443",
    "rules": "above 1024 the daemon runs as a user agent and URLs carry the port",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.portless.tlds",
    "room": "development",
    "namespace": "layer.portless",
    "type": "list of string",
    "default": "[localhost]",
    "rules": "first is primary",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.portless.trustCA",
    "room": "development",
    "namespace": "layer.portless",
    "type": "boolean",
    "default": "true",
    "rules": "adds a permissions card for trusting the local authority; the rebuild itself never writes the trust store",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.developer.enable",
    "room": "development",
    "namespace": "layer.developer",
    "type": "boolean",
    "default": "false",
    "rules": "the Development room; the two sub-options below default to it",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.developer.git.enable",
    "room": "development",
    "namespace": "layer.developer",
    "type": "boolean",
    "default": "value of developer.enable",
    "rules": "git tooling, themed git config, pager, git UI, code-host CLI, signing",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.developer.languages",
    "room": "development",
    "namespace": "layer.developer",
    "type": "list of enum `node`",
    "default": "[]",
    "rules": "runtimes to install",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.developer.toolbelt.enable",
    "room": "development",
    "namespace": "layer.developer",
    "type": "boolean",
    "default": "value of developer.enable",
    "rules": "themed terminal tools; prompt and colours stay when off",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.enable",
    "room": "development",
    "namespace": "layer.github",
    "type": "boolean",
    "default": "false",
    "rules": "the receiver needs the shared secret, declared as <CODEHOST>_WEBHOOK_SECRET to the secrets room; without it the receiver stays dormant and exits with status 78",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.backstop",
    "room": "development",
    "namespace": "layer.github",
    "type": "integer 60-3600, seconds",
    "default": "300",
    "rules": "longest a covered surface goes without polling",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.coverageRefresh",
    "room": "development",
    "namespace": "layer.github",
    "type": "integer 300-86400, seconds",
    "default": "3600",
    "rules": "how often the declared hooks are re-checked",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.forwardTo",
    "room": "development",
    "namespace": "layer.github",
    "type": "list of string, `host:port`",
    "default": "[]",
    "rules": "verbatim repeat incl. signature header; fire-and-forget, 5 second timeout",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.hooks",
    "room": "development",
    "namespace": "layer.github",
    "type": "list of submodule",
    "default": "[]",
    "rules": "hooks this machine wants to exist; declaring creates nothing",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.hooks.*.scope",
    "room": "development",
    "namespace": "layer.github",
    "type": "string",
    "default": "no default",
    "rules": "`org:<name>` or `repo:<owner>/<name>`",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.hooks.*.events",
    "room": "development",
    "namespace": "layer.github",
    "type": "list of string",
    "default": "a default set of event names covering pull-request lifecycle, reviews, CI runs and comments; exact members: not shown.",
    "rules": "",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.port",
    "room": "development",
    "namespace": "layer.github",
    "type": "16-bit unsigned integer",
    "default": "42786",
    "rules": "loopback only",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.secretCommand",
    "room": "development",
    "namespace": "layer.github",
    "type": "string",
    "default": "empty",
    "rules": "shell printing the secret on stdout; output cached in a mode-600 state file; non-empty withdraws the secrets-room declaration",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.tunnel.enable",
    "room": "development",
    "namespace": "layer.github",
    "type": "boolean",
    "default": "false",
    "rules": "runs the tunnel daemon with an ingress config from hostname to loopback port",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.tunnel.hostname",
    "room": "development",
    "namespace": "layer.github",
    "type": "string",
    "default": "empty",
    "rules": "",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.tunnel.id",
    "room": "development",
    "namespace": "layer.github",
    "type": "string",
    "default": "empty",
    "rules": "the tunnel UUID",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.github.tunnel.credentialsFile",
    "room": "development",
    "namespace": "layer.github",
    "type": "string",
    "default": "empty",
    "rules": "defaults to the file named for the id in the tunnel tool's own directory; agent stays dormant until it exists",
    "hostOnly": true,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.hotCorners.bottomLeft",
    "room": "windows",
    "namespace": "layer.hotCorners",
    "type": "null or enum `disabled`, `mission-control`, `application-windows`, `desktop`, `launchpad`, `notification-center`, `quick-note`, `screen-saver`, `prevent-screen-saver`, `sleep-display`, `lock-screen`",
    "default": "null",
    "rules": "null writes nothing (not the same as `disabled`); setting a corner also clears its modifier key",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.hotCorners.bottomRight",
    "room": "windows",
    "namespace": "layer.hotCorners",
    "type": "null or enum `disabled`, `mission-control`, `application-windows`, `desktop`, `launchpad`, `notification-center`, `quick-note`, `screen-saver`, `prevent-screen-saver`, `sleep-display`, `lock-screen`",
    "default": "null",
    "rules": "null writes nothing (not the same as `disabled`); setting a corner also clears its modifier key",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.hotCorners.topLeft",
    "room": "windows",
    "namespace": "layer.hotCorners",
    "type": "null or enum `disabled`, `mission-control`, `application-windows`, `desktop`, `launchpad`, `notification-center`, `quick-note`, `screen-saver`, `prevent-screen-saver`, `sleep-display`, `lock-screen`",
    "default": "null",
    "rules": "null writes nothing (not the same as `disabled`); setting a corner also clears its modifier key",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.hotCorners.topRight",
    "room": "windows",
    "namespace": "layer.hotCorners",
    "type": "null or enum `disabled`, `mission-control`, `application-windows`, `desktop`, `launchpad`, `notification-center`, `quick-note`, `screen-saver`, `prevent-screen-saver`, `sleep-display`, `lock-screen`",
    "default": "null",
    "rules": "null writes nothing (not the same as `disabled`); setting a corner also clears its modifier key",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.windows.accordionPadding",
    "room": "windows",
    "namespace": "layer.windows",
    "type": "unsigned integer, points",
    "default": "80",
    "rules": "read only in accordion layout; 0 hides neighbours; needs layer.windows.enable",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.windows.defaultLayout",
    "room": "windows",
    "namespace": "layer.windows",
    "type": "enum `tiles`, `accordion`",
    "default": "`tiles`",
    "rules": "needs layer.windows.enable",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.windows.defaultOrientation",
    "room": "windows",
    "namespace": "layer.windows",
    "type": "enum `auto`, `horizontal`, `vertical`",
    "default": "`auto`",
    "rules": "auto chooses per monitor shape",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.windows.desktop.clickToReveal",
    "room": "windows",
    "namespace": "layer.windows",
    "type": "null or boolean",
    "default": "null",
    "rules": "takes effect at next login",
    "hostOnly": false,
    "desktopSafePerKey": false
  },
  {
    "name": "layer.windows.desktop.hideIcons",
    "room": "windows",
    "namespace": "layer.windows",
    "type": "null or boolean",
    "default": "null",
    "rules": "takes effect at next login",
    "hostOnly": false,
    "desktopSafePerKey": false
  }
] as const;

export const optionNotes = [
  {
    "room": "appearance",
    "namespace": "layer.accessibility",
    "text": "All options default to null. Each writes only when the Full Disk Access grant is present."
  },
  {
    "room": "appearance",
    "namespace": "layer.accessibility",
    "text": "The cursor-size and the two closeView options need a restart of the accessibility daemon, which a rebuild performs."
  },
  {
    "room": "development",
    "namespace": "layer.github",
    "text": "Deliveries arrive through a tunnel to a loopback receiver that verifies the signature, records the delivery, forwards the raw bytes to `forwardTo`, and wakes rooms. The layer holds no token and never writes to the code host."
  },
  {
    "room": "windows",
    "namespace": null,
    "text": "Other options named in the windows namespace index (desktop.hideWidgets, enable, gaps.inner.builtin, gaps.inner.external, gaps.outer.left/right.builtin/external, gravity, mouseFollowsFocus, mouseFullscreen, nativeTiling.edgeDrag, nativeTiling.margins, nativeTiling.optionAccelerator, nativeTiling.topEdgeFullscreen, numberedWorkspaces, stageManager.autoHideStrip, stageManager.enable, stageManager.groupWindows, stageManager.hideDesktopIcons, stageManager.hideWidgets, workspaceMonitors): type, default and rules not shown."
  },
  {
    "room": "windows",
    "namespace": null,
    "text": "Options of the namespaces referred to above (roster, ui, keys, workspaces, bar, menuBar, launcher, shelf, ai, git, secrets) and of other rooms: not shown."
  }
] as const;
