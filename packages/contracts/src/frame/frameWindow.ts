/*
 * The browser features the frame protocol uses, described here so that the module type-checks
 * without the DOM library (the server imports this package too). A browser `Window` and
 * `HTMLIFrameElement` fit these shapes; tests pass stand-ins.
 */

/** The parts of a `message` event the protocol reads. */
export interface FrameMessageEvent {
  /** The message. */
  readonly data: unknown;
  /** Origin of the window that sent it. */
  readonly origin: string;
  /** The window that sent it. */
  readonly source: unknown;
}

/** Something messages can be posted to (a window). */
export interface MessageTarget {
  /** Posts `message`, delivered only if the receiver is on `targetOrigin`. */
  postMessage(message: unknown, targetOrigin: string): void;
}

/** A window that receives messages. */
export interface MessageWindow {
  /** The window's address: only its origin is read. */
  readonly location: { readonly origin: string };
  /** Starts listening to messages. */
  addEventListener(type: 'message', listener: (event: FrameMessageEvent) => void): void;
  /** Stops listening to messages. */
  removeEventListener(type: 'message', listener: (event: FrameMessageEvent) => void): void;
}

/** The search client's window (a browser `Window`). */
export interface FrameWindow extends MessageWindow {
  /** The client's address. */
  readonly location: {
    readonly origin: string;
    readonly pathname: string;
    readonly search: string;
    assign(url: string): void;
  };
  /** The client's history (used when it runs on its own). */
  readonly history: {
    pushState(data: unknown, unused: string, url?: string): void;
    replaceState(data: unknown, unused: string, url?: string): void;
  };
  /** The framing window (the window itself when not framed). */
  readonly parent: MessageTarget;
  /** Schedules `handler` after `ms` milliseconds. */
  setTimeout(handler: () => void, ms: number): number;
  /** Cancels a {@link FrameWindow.setTimeout}. */
  clearTimeout(id: number | undefined): void;
}

/** The portal's iframe element (a browser `HTMLIFrameElement`). */
export interface FrameElement {
  /** The portal page's document, whose window receives the client's messages. */
  readonly ownerDocument: { readonly defaultView: MessageWindow | null };
  /** The framed client's window (null before the frame exists). */
  readonly contentWindow: MessageTarget | null;
  /** Listens to the frame's `load` events. */
  addEventListener(type: 'load', listener: () => void): void;
  /** Stops listening to the frame's `load` events. */
  removeEventListener(type: 'load', listener: () => void): void;
}
