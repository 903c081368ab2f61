import CSDL2

/// A failure at the SDL boundary. Each message says what failed and, where there is one,
/// how to fix it; `callFailed` carries the text of `SDL_GetError()` taken right after the
/// call (SDL_ttf and SDL_image report through the same error slot).
package enum SDLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An SDL, SDL_ttf or SDL_image function returned its failure value.
    case callFailed(call: String, message: String)
    /// A window was asked for but there is no display to put it on.
    case noDisplay(reason: String)
    /// Font files were not found; `paths` are the places looked at.
    case fontMissing(paths: [String], package: String)
    /// A font file exists but SDL_ttf cannot open it (truncated, damaged, not a font).
    case fontUnreadable(path: String, package: String, message: String)
    /// A PNG could not be written to `path`.
    case pngNotWritten(path: String, message: String)
    /// A render target was asked for with a size that has no pixels or is absurdly large.
    case invalidSize(width: Int, height: Int)

    /// The error for the SDL function `call` that just failed.
    static func failed(_ call: String) -> SDLError {
        .callFailed(call: call, message: lastMessage)
    }

    /// SDL's thread-local error text; only meaningful right after a call reported failure.
    static var lastMessage: String {
        guard let text = SDL_GetError() else { return "" }
        return String(cString: text)
    }

    package var description: String {
        switch self {
        case .callFailed(let call, let message):
            return "\(call) failed: \(message.isEmpty ? "(SDL gave no reason)" : message)"
        case .noDisplay(let reason):
            return "no display found (\(reason)). To open a window without a screen, run under a "
                + "virtual display: `xvfb-run -a studio run ...`; or render without a window: "
                + "`studio run --headless --frames N --screenshot out.png`"
        case .fontMissing(let paths, let package):
            return "font file not found, looked at: \(paths.joined(separator: ", ")). "
                + "Install the Debian package \(package) (`sudo apt-get install \(package)`) "
                + "or pass the font directory/paths explicitly"
        case .fontUnreadable(let path, let package, let message):
            return "font file \(path) cannot be opened as a font (\(message.isEmpty ? "SDL_ttf gave no reason" : message)); "
                + "it is damaged or not a font. Reinstall the Debian package \(package) "
                + "(`sudo apt-get install --reinstall \(package)`)"
        case .pngNotWritten(let path, let message):
            return "could not write PNG \(path): \(message)"
        case .invalidSize(let width, let height):
            return "invalid render target size \(width)x\(height): width and height must be 1...16384"
        }
    }
}

/// Turns SDL's "negative means failure" convention into a thrown `SDLError`.
@inline(__always)
func check(_ result: Int32, _ call: @autoclosure () -> String) throws {
    if result < 0 { throw SDLError.failed(call()) }
}
