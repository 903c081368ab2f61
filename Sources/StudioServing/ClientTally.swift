import NIOCore
import StudioFoundation

/// Connections open at once from each client address, for the cap per client
/// (`ServerLimits.maxConnectionsPerClient`) beside the cap in all.
///
/// A client that connects from the very address it connects to is on the server's own
/// machine (127.0.0.1 to 127.0.0.1, or the host's address to itself), and is not counted
/// apart: there one address stands for every process of the machine's user, the DevTools
/// page and its browser among them, so the cap in all is their cap. Counted per address,
/// 32 idle sockets from a script would lock the page out of its own studio. The cap per
/// client is for clients elsewhere (`studio serve --bind`), whose addresses tell them apart.
package final class ClientTally: Sendable {
    /// Connections one client may have open at once.
    package let limit: Int
    private let open = Locked<[String: Int]>([:])

    package init(limit: Int) { self.limit = limit }

    package enum Admission: Equatable, Sendable {
        /// From the server's own machine: not counted apart.
        case uncounted
        /// Counted against its client's cap, until `release`.
        case counted
        /// Its client already has `limit` open: refused, and not counted.
        case refused
    }

    /// Admits a connection from `address` to the server's `local` address, or refuses it.
    package func admit(_ address: String, to local: String?) -> Admission {
        if address == local { return .uncounted }
        return open.withLock { open in
            guard open[address, default: 0] < limit else { return .refused }
            open[address, default: 0] += 1
            return .counted
        }
    }

    /// A connection `admit` counted, from `address`, closed.
    package func release(_ address: String) {
        open.withLock { open in
            let left = open[address, default: 0] - 1
            open[address] = left > 0 ? left : nil
        }
    }

    /// Addresses with connections counted: the table forgets a client once its last closes.
    package var clients: Int { open.withLock { $0.count } }
}
