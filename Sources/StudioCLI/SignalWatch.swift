import Foundation
import StudioKit
import Synchronization

/// SIGINT, SIGTERM and SIGHUP, turned into a request to stop that a command's loop reads
/// between frames, so that a session ended by a signal ends as one ended by its window
/// does: the room leaves, recordings and files are finished, and what was saved is said.
///
/// The signals get a handler of their own that only stores the signal's number in an
/// atomic: whichever thread the kernel delivers a signal to, it is kept. (A dispatch signal
/// source reads signals from a signalfd, which only sees a signal that every thread blocks;
/// one delivered to a thread that did not block it was lost now and then, and the session
/// went on.) A second one of them, while the first is still being acted on, ends the
/// process at once with the signal's default action: a stop that hangs can always be forced.
/// One watch at a time: a command installs one.
final class SignalWatch: Sendable {
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Lets the watched signals reach the calling thread, and the threads it starts later. A
    /// process inherits its parent's blocked signals, and a parent that starts it from a
    /// thread blocking them (a dispatch worker's, in a test runner or a service) would leave
    /// SIGTERM pending for ever: the command, watched or not, would never hear it.
    static func unblockWatched() {
        var set = sigset_t()
        sigemptyset(&set)
        for signo in watched { sigaddset(&set, signo) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Starts watching; the default actions come back with `stop()`. Call it on the thread
    /// that runs the command (the main one), before it starts threads of its own.
    init() {
        Self.unblockWatched()
        caughtSignal.store(0, ordering: .sequentiallyConsistent)
        endsAtOnce.store(false, ordering: .sequentiallyConsistent)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = onWatchedSignal
        sigemptyset(&action.sa_mask)
        // A system call the signal interrupts goes on (a write, a wait): the loop reads the
        // request between frames.
        action.sa_flags = SA_RESTART
        for signo in Self.watched { sigaction(signo, &action, nil) }
    }

    /// Undoes the watch: the signals' default actions again.
    func stop() {
        for signo in Self.watched { signal(signo, SIG_DFL) }
    }

    deinit { stop() }

    /// From now on a signal ends the process at once, with its default action: for the last
    /// steps of a command (writing what it measured), where nothing reads `caught` any more
    /// and a write to a pipe that is not read could wait for ever.
    func endAtOnce() { endsAtOnce.store(true, ordering: .sequentiallyConsistent) }

    /// The signal received, if any.
    var caught: Int32? {
        let signo = caughtSignal.load(ordering: .sequentiallyConsistent)
        return signo == 0 ? nil : signo
    }

    /// The exit status a shell expects of a process a signal stopped: 128 + its number.
    static func exitStatus(_ signo: Int32) -> Int32 { 128 + signo }

    /// SIGINT, SIGTERM or SIGHUP.
    static func name(_ signo: Int32) -> String {
        switch signo {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signo)"
        }
    }
}

/// The first watched signal received (0: none), and whether any signal now ends the process.
/// Globals, because a signal handler is a C function that captures nothing; atomics, because
/// nothing else is safe to touch in one.
private let caughtSignal = Atomic<Int32>(0)
private let endsAtOnce = Atomic<Bool>(false)

/// Runs in whatever thread the signal interrupted: only atomics and async-signal-safe calls.
private func onWatchedSignal(_ signo: Int32) {
    let (isFirst, _) = caughtSignal.compareExchange(expected: 0, desired: signo, ordering: .sequentiallyConsistent)
    guard !isFirst || endsAtOnce.load(ordering: .sequentiallyConsistent) else { return }
    // The signal is blocked while its handler runs: raised again with its default action,
    // it ends the process as soon as the handler returns.
    signal(signo, SIG_DFL)
    raise(signo)
}
