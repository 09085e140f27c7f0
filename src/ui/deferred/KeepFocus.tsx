import { Component, createRef, type ReactNode } from 'react';

const focusable = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps the keyboard focus when what it wraps is replaced by an equivalent element (a placeholder trigger by the real
 * menu): if focus was inside before an update and is lost after it, it moves to the first focusable element inside.
 */
export class KeepFocus extends Component<{ children: ReactNode }> {
  private readonly box = createRef<HTMLSpanElement>();

  getSnapshotBeforeUpdate() {
    return this.box.current?.contains(document.activeElement) ?? false;
  }

  componentDidUpdate(_props: unknown, _state: unknown, hadFocus: boolean) {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (hadFocus && lost) this.box.current?.querySelector<HTMLElement>(focusable)?.focus();
  }

  render() {
    return (
      <span ref={this.box} style={{ display: 'contents' }}>
        {this.props.children}
      </span>
    );
  }
}
