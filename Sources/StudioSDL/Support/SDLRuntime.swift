import CSDL2
import Foundation

/// A hold on the parts of SDL this module uses: SDL_ttf and SDL_image's PNG codec always,
/// the video subsystem only when a window is needed. Offscreen rendering (software renderer
/// on a surface) needs no video, so headless runs and tests work with no display at all.
///
/// SDL's subsystems and `TTF_Init` are reference counted, so several runtimes may coexist;
/// each one releases what it took when it goes away. Keep the runtime alive for as long as
/// anything made with it (fonts, renderers, windows): the types here hold it for you.
public final class SDLRuntime {
    /// True when this runtime initialized the video (and events) subsystem.
    package let hasVideo: Bool

    // SDL's init/quit functions are not thread-safe, nor is opening or closing fonts on
    // SDL_ttf's one FreeType library; tests and tools may do either from several threads.
    // This lock guards all the process-wide state the module keeps (it and the set of font
    // files FontLibrary has checked).
    private static let lock = NSLock()

    /// Runs `body` holding the process-wide SDL lock (init, quit, font open and close).
    static func serialized<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Initializes SDL_ttf and SDL_image (PNG), plus video when `video` is true.
    ///
    /// - Parameter environment: where to look for `DISPLAY` / `WAYLAND_DISPLAY`; setting
    ///   `SDL_VIDEODRIVER` (for example to `offscreen` or `dummy`) skips the display check.
    /// - Throws: `SDLError.noDisplay` when a window is wanted and there is no display,
    ///   `SDLError.callFailed` when an initialization call fails.
    public init(video: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        if video {
            try Self.initVideo(environment: environment)
        }
        if TTF_Init() != 0 {
            let error = SDLError.failed("TTF_Init")
            if video { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
            throw error
        }
        let png = Int32(IMG_INIT_PNG.rawValue)
        if IMG_Init(png) & png == 0 {
            let error = SDLError.failed("IMG_Init(IMG_INIT_PNG)")
            TTF_Quit()
            if video { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
            throw error
        }
        hasVideo = video
    }

    /// A runtime without video: fonts, images and offscreen rendering only.
    public static func headless() throws -> SDLRuntime { try SDLRuntime(video: false) }

    deinit {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        // IMG_Quit is not reference counted (it would unload PNG support for every other
        // runtime), and keeping the codec loaded until exit costs nothing.
        TTF_Quit()
        if hasVideo { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
    }

    private static func initVideo(environment: [String: String]) throws {
        func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        let hasX11 = isSet("DISPLAY"), hasWayland = isSet("WAYLAND_DISPLAY")
        let driverRequested = isSet("SDL_VIDEODRIVER")
        if !hasX11, !hasWayland, !driverRequested {
            throw SDLError.noDisplay(reason: "DISPLAY and WAYLAND_DISPLAY are both unset")
        }
        if !driverRequested, hasX11 != hasWayland {
            // Point SDL at the one display system that is there. Otherwise it probes
            // Wayland first (libwayland then prints "XDG_RUNTIME_DIR is invalid" under
            // Xvfb) and, when X11 fails, silently falls back to its invisible offscreen
            // driver. Default priority: an SDL_VIDEODRIVER variable still wins.
            SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, hasX11 ? "x11" : "wayland", SDL_HINT_DEFAULT)
        }
        if SDL_InitSubSystem(SDL_INIT_VIDEO) != 0 {
            let message = SDLError.lastMessage
            // "No available video device" / "x11 not available": no driver could reach a
            // display (for example DISPLAY names an X server that is not running).
            let lowered = message.lowercased()
            if lowered.contains("video device") || lowered.contains("not available") {
                let display = hasX11 ? "DISPLAY=\(environment["DISPLAY"]!)" : "WAYLAND_DISPLAY=\(environment["WAYLAND_DISPLAY"]!)"
                throw SDLError.noDisplay(reason: "\(display) is set but SDL could not open it: \(message)")
            }
            throw SDLError.callFailed(call: "SDL_InitSubSystem(SDL_INIT_VIDEO)", message: message)
        }
        // A window on the offscreen or dummy driver is never seen; unless asked for by
        // name, that means there is no usable display.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if !driverRequested, driver == "offscreen" || driver == "dummy" {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw SDLError.noDisplay(reason: "SDL found no display and fell back to its \(driver) video driver")
        }
    }
}
