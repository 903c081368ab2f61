import Dispatch
import Foundation
import StudioKit

/// SIGINT, SIGTERM and SIGHUP, turned into a request to stop that a command's loop reads
/// between frames, so that a session ended by a signal ends as one ended by its window
/// does: the room leaves, recordings and files are finished, and what was saved is said.
///
/// The signals are taken from their default action while a watch is installed and come in
/// on a dispatch queue (never in a signal handler, where nothing but a few system calls is
/// safe). A second one of them, while the first is still being acted on, ends the process
/// at once with the signal's default action: a stop that hangs can always be forced.
final class SignalWatch: Sendable {
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The first signal received, shared with the sources' handlers, and whether any signal
    /// now ends the process at once (`endAtOnce`).
    private final class First: Sendable {
        let value = Locked<Int32?>(nil)
        let atOnce = Locked(false)
    }

    private let first = First()
    private let sources: Locked<[DispatchSourceSignal]>

    /// Starts watching; the default actions come back with `stop()`.
    init() {
        let queue = DispatchQueue(label: "studio signals")
        let first = first
        var made: [DispatchSourceSignal] = []
        for signo in Self.watched {
            signal(signo, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            source.setEventHandler {
                let isFirst = first.value.withLock { value -> Bool in
                    guard value == nil else { return false }
                    value = signo
                    return true
                }
                if !isFirst || first.atOnce.value { Self.endProcess(signo) }
            }
            source.resume()
            made.append(source)
        }
        sources = Locked(made)
    }

    /// Undoes the watch: the signals' default actions again.
    func stop() {
        sources.withLock { sources in
            for source in sources { source.cancel() }
            sources.removeAll()
        }
        for signo in Self.watched { signal(signo, SIG_DFL) }
    }

    deinit { stop() }

    /// From now on a signal ends the process at once, with its default action: for the last
    /// steps of a command (writing what it measured), where nothing reads `caught` any more
    /// and a write to a pipe that is not read could wait for ever.
    func endAtOnce() { first.atOnce.withLock { $0 = true } }

    /// The signal received, if any.
    var caught: Int32? { first.value.withLock { $0 } }

    /// Ends the process with `signo`'s default action. The handler runs on a dispatch thread,
    /// which has the signals blocked: raised there without unblocking it, the signal would
    /// only wait, and the process go on.
    private static func endProcess(_ signo: Int32) -> Never {
        signal(signo, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signo)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signo)
        // Not reached where the default action ends the process; the status it would give.
        _exit(exitStatus(signo))
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
