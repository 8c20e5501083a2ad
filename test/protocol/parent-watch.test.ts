// The parent watch's decision (src/protocol/parent-watch.ts); killing a real parent is in parent-watch-e2e.test.ts.
import { parentGone, watchParent } from '../../src/protocol/parent-watch.js';

const errno = (code: string) => Object.assign(new Error(code), { code });

describe('parentGone', () => {
  it('is null while the parent exists, including one this process may not signal (EPERM)', () => {
    expect(
      parentGone(
        40,
        () => 40,
        () => {},
      ),
    ).toBeNull();
    expect(
      parentGone(
        40,
        () => 40,
        () => {
          throw errno('EPERM');
        },
      ),
    ).toBeNull();
  });

  it('says the parent is gone when this process was adopted (Linux, macOS)', () => {
    expect(
      parentGone(
        40,
        () => 1,
        () => {},
      ),
    ).toBe('parent process 40 is gone (now 1)');
  });

  it('says the parent has exited when the recorded parent id stays but the process is gone (Windows)', () => {
    expect(
      parentGone(
        40,
        () => 40,
        () => {
          throw errno('ESRCH');
        },
      ),
    ).toBe('parent process 40 has exited');
  });
});

describe('watchParent', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('calls back once, within a check interval of the parent exiting', () => {
    let alive = true;
    const gone = jest.fn();
    watchParent(gone, {
      parent: 40,
      currentParent: () => 40,
      probe: () => {
        if (!alive) throw errno('ESRCH');
      },
    });
    jest.advanceTimersByTime(5000);
    expect(gone).not.toHaveBeenCalled();
    alive = false;
    jest.advanceTimersByTime(1000);
    expect(gone).toHaveBeenCalledWith('parent process 40 has exited');
    jest.advanceTimersByTime(5000);
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('does not watch a parent id of 0 (a Windows process started by no Windows process)', () => {
    const probe = jest.fn();
    const gone = jest.fn();
    watchParent(gone, { parent: 0, currentParent: () => 0, probe });
    jest.advanceTimersByTime(5000);
    expect(probe).not.toHaveBeenCalled();
    expect(gone).not.toHaveBeenCalled();
  });

  it('stops when asked', () => {
    const gone = jest.fn();
    const stop = watchParent(gone, { parent: 40, currentParent: () => 41 });
    stop();
    jest.advanceTimersByTime(5000);
    expect(gone).not.toHaveBeenCalled();
  });
});
