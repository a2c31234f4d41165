import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { createPortal } from 'react-dom';

/** The props of the element a Tooltip wraps that it reads or adds. */
interface AnchorProps {
  'aria-label'?: string;
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * Whether the last input was a key rather than a pointer: what tells a keyboard focus from a
 * click's where the engine does not report `:focus-visible`.
 */
let keyboardInput = true;
let watchingInput = false;
function watchInput(): void {
  if (watchingInput) return;
  watchingInput = true;
  const onKey = () => {
    keyboardInput = true;
  };
  const onPointer = () => {
    keyboardInput = false;
  };
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerdown', onPointer, true);
  document.addEventListener('mousedown', onPointer, true);
}

const knowsFocusVisible = () =>
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function'
    ? CSS.supports('selector(:focus-visible)')
    : false;

/** A keyboard focus (as MUI decides it): the engine's `:focus-visible`, else the last input. */
const focusVisible = (element: HTMLElement) =>
  knowsFocusVisible() ? element.matches(':focus-visible') : keyboardInput;

/** MUI's delay before a tooltip shows on hover. */
const ENTER_DELAY_MS = 100;
const GAP_PX = 8;
const EDGE_PX = 4;

const tooltipStyle = {
  position: 'fixed',
  zIndex: 1500,
  maxWidth: 300,
  padding: '4px 8px',
  borderRadius: 4,
  background: 'rgba(97, 97, 97, 0.92)',
  color: '#fff',
  fontSize: '0.875rem',
  lineHeight: 1.4,
  fontWeight: 500,
  overflowWrap: 'break-word',
  pointerEvents: 'none',
} as const;

/**
 * A short label beside a control, on a mouse's hover (after 100 ms) and on keyboard focus, as MUI's
 * Tooltip shows it, without MUI's Tooltip and the positioning engine it brings (about 11 KB
 * gzipped on every signed-in screen). The wrapped control is named by `title` unless it has an
 * aria-label of its own (or is a plain element), in which case the open tooltip describes it. Escape, leaving, blur, scroll
 * and resize hide it. It is drawn in a fixed layer beside the element (`placement`), kept
 * inside the window.
 */
export function Tooltip({
  title,
  placement = 'bottom',
  children,
}: {
  title: string;
  placement?: 'bottom' | 'right';
  children: ReactElement<AnchorProps>;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const tip = useRef<HTMLDivElement | null>(null);

  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setAnchor(null);
    setPosition(null);
  }, []);

  useEffect(() => {
    watchInput();
    return () => window.clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    window.addEventListener('resize', hide);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
      window.removeEventListener('resize', hide);
    };
  }, [anchor, hide]);

  // Placed once drawn, when its own size is known.
  useEffect(() => {
    const element = tip.current;
    if (!anchor || !element || position) return;
    const box = anchor.getBoundingClientRect();
    const { width, height } = element.getBoundingClientRect();
    const maxLeft = window.innerWidth - width - EDGE_PX;
    const left = placement === 'right' ? box.right + GAP_PX : box.left + box.width / 2 - width / 2;
    const top = placement === 'right' ? box.top + box.height / 2 - height / 2 : box.bottom + GAP_PX;
    setPosition({
      left: Math.max(EDGE_PX, Math.min(left, maxLeft)),
      top: Math.max(EDGE_PX, Math.min(top, window.innerHeight - height - EDGE_PX)),
    });
  }, [anchor, position, placement]);

  const own = children.props;
  // A control that names itself keeps its name; a plain wrapper (a span around a disabled
  // button) is never named, as a name on it would be an ARIA error.
  const named = Boolean(own['aria-label']) || children.type === 'span' || children.type === 'div';
  const anchorProps: AnchorProps = {
    ...(named ? { 'aria-describedby': anchor ? id : undefined } : { 'aria-label': title }),
    onPointerEnter(event) {
      own.onPointerEnter?.(event);
      // A mouse only: after a tap a phone sends a pointer "enter" and no "leave" until the next
      // tap elsewhere, which would leave the tooltip standing (MUI ignores touch the same way).
      if (event.pointerType !== 'mouse') return;
      const target = event.currentTarget;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setAnchor(target), ENTER_DELAY_MS);
    },
    onPointerLeave(event) {
      own.onPointerLeave?.(event);
      hide();
    },
    onFocus(event) {
      own.onFocus?.(event);
      // Keyboard focus only, as MUI: a click's focus shows nothing.
      const target = event.currentTarget;
      if (focusVisible(target)) setAnchor(target);
    },
    onBlur(event) {
      own.onBlur?.(event);
      hide();
    },
  };

  return (
    <>
      {cloneElement(children, anchorProps)}
      {anchor &&
        createPortal(
          <div
            ref={tip}
            id={id}
            role="tooltip"
            className="app-tooltip"
            style={{
              ...tooltipStyle,
              left: position?.left ?? 0,
              top: position?.top ?? 0,
              visibility: position ? 'visible' : 'hidden',
            }}
          >
            {title}
          </div>,
          document.body,
        )}
    </>
  );
}
