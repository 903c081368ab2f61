import Foundation
import StudioKit

/// What a window does when its display goes away under it: the X server dies, or closes the
/// connection. Xlib reports that as a fatal I/O error, and its default handler prints one
/// line and ends the process on the spot, so that a screen recording or an input recording
/// in progress would be cut off with nothing finished. `DisplayLoss` puts a handler of
/// LiveStudio's own in its place, which runs what the command registered with `onLoss`
/// (finish the recordings, print the statistics, write the state) and then ends the
/// process with the status that handler chooses.
///
/// The handler runs on the thread that found the connection dead, which is the loop's
/// (only the loop talks to the window), in the middle of an SDL call: what it runs must
/// not call SDL or draw, and must end the process (Xlib exits as soon as a handler
/// returns).
///
/// SDL loads libX11 itself; the handler is set through the loaded library, so LiveStudio
/// links no X library. Wayland's client library has no such hook: there SDL reports the
/// lost connection as a quit, which ends the run as closing the window does.
package enum DisplayLoss {
    /// What runs when the display is lost, and the display's name.
    // nonisolated(unsafe): set and called on the loop's thread only (the X library reports a
    // lost connection on the thread that talks to it, the loop's), and `body` holds the
    // loop's own objects, which are not Sendable, so a lock would not make it safe elsewhere.
    nonisolated(unsafe) private static var body: ((String) -> Void)?
    // nonisolated(unsafe): written with `body`, on the loop's thread, before the handler is in.
    nonisolated(unsafe) private static var display = ""

    /// Runs `body` with a sentence naming the display when the connection to it is lost
    /// (replacing any earlier `body`). `body` ends the process; if it returns, the process
    /// exits with status 3, the status of "no display".
    package static func onLoss(_ body: @escaping (String) -> Void) { self.body = body }

    /// Forgets the registered body (the run is over; the window is closing normally).
    package static func clear() { body = nil }

    private typealias IOErrorHandler = @convention(c) (OpaquePointer?) -> Int32
    private typealias SetIOErrorHandler = @convention(c) (IOErrorHandler?) -> IOErrorHandler?

    /// Installs the handler in the X library SDL loaded, if it loaded one. Called by the
    /// window once SDL's video is up.
    static func install(environment: [String: String]) {
        guard let library = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD),
            let symbol = dlsym(library, "XSetIOErrorHandler")
        else { return }
        display = environment["DISPLAY"] ?? ""
        let set = unsafeBitCast(symbol, to: SetIOErrorHandler.self)
        _ = set { _ in
            DisplayLoss.lost()
            return 0
        }
    }

    private static func lost() {
        let sentence =
            "the connection to the X display \(display.isEmpty ? "" : "\(display) ")was lost "
            + "(the X server stopped or closed it)"
        if let body {
            Self.body = nil  // once: a second error while finishing goes straight on
            body(sentence)
        }
        ToolName.say("error: \(sentence)")
        fflush(nil)
        _exit(3)
    }
}
