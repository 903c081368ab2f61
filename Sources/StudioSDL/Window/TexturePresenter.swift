import CSDL2
import StudioKit

/// Shows the 720x1280 frame through a GPU renderer: one streaming texture of the frame's
/// size, updated each frame and drawn with one `SDL_RenderCopy` scaled to the window,
/// letterboxed by `SDL_RenderSetLogicalSize` (which also maps mouse and touch back to
/// logical pixels).
///
/// Destroys the texture and the renderer, in that order, before the window goes.
final class TexturePresenter: FramePresenter {
    let window: SDLWindow
    let renderer: OpaquePointer
    let texture: OpaquePointer
    let hasVSync: Bool
    let inputMapping: InputMapping
    private let width: Int
    private let height: Int

    /// Takes ownership of `renderer` (destroyed here too when making the texture fails).
    init(window: SDLWindow, renderer: OpaquePointer, logicalSize: Size, vsync: Bool) throws {
        width = Int(clamping: logicalSize.width)
        height = Int(clamping: logicalSize.height)
        hasVSync = vsync && Self.enableRealVSync(renderer)
        let access = Int32(SDL_TEXTUREACCESS_STREAMING.rawValue)
        guard
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, access,
                Int32(width), Int32(height))
        else {
            let error = SDLError.failed("SDL_CreateTexture(\(width)x\(height), streaming)")
            SDL_DestroyRenderer(renderer)
            throw error
        }
        self.window = window
        self.renderer = renderer
        self.texture = texture
        inputMapping = .logical(logicalSize)
        try check(SDL_RenderSetLogicalSize(renderer, Int32(width), Int32(height)), "SDL_RenderSetLogicalSize")
        // The frame is opaque: copying it is cheaper than blending it over the black bars.
        try check(SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE), "SDL_SetTextureBlendMode")
        // Linear filtering keeps text smooth when the window scales the studio down.
        try check(SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear), "SDL_SetTextureScaleMode")
    }

    deinit {
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
    }

    /// Never asks SDL for `SDL_RENDERER_PRESENTVSYNC`: where the driver cannot vsync SDL
    /// then simulates it by sleeping on its own 16 ms timeline, which beats against the
    /// loop's 60 Hz pacing and blocks the frame after every stall for up to a whole period
    /// (the present phase then shows that sleep). GL drivers get a swap interval, checked
    /// because Mesa without a display server that can vsync (Xvfb) silently keeps 0.
    private static func enableRealVSync(_ renderer: OpaquePointer) -> Bool {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let cName = info.name else { return false }
        if String(cString: cName).hasPrefix("opengl") {
            // The renderer's context is current on this thread right after creation.
            return SDL_GL_SetSwapInterval(1) == 0 && SDL_GL_GetSwapInterval() != 0
        }
        // Other drivers (Metal, Direct3D) implement vsync natively.
        return SDL_RenderSetVSync(renderer, 1) == 0
    }

    /// The SDL render driver in use, for example "opengl".
    var driverName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    func target(logicalFrame: PixelBuffer) throws -> PixelBuffer? { logicalFrame }

    /// The frame the texture holds, so that the next upload of the same buffer copies only
    /// what changed in it.
    private weak var uploaded: PixelBuffer?

    /// Uploads `frame` and queues it, scaled into the letterboxed area, over black bars.
    ///
    /// - Complexity: one copy of the changed rows into the texture (all of it, 3.7 MB at
    ///   720x1280, the first time) plus one textured quad.
    func upload(_ frame: PixelBuffer, changed: PixelRect) throws {
        precondition(frame.width == width && frame.height == height, "frame size differs from the texture's")
        if uploaded !== frame {
            try check(SDL_UpdateTexture(texture, nil, frame.pixels, Int32(frame.pitch)), "SDL_UpdateTexture")
            uploaded = frame
        } else if !changed.isEmpty {
            var rect = SDL_Rect(x: Int32(changed.x0), y: Int32(changed.y0), w: Int32(changed.width), h: Int32(changed.height))
            try check(
                SDL_UpdateTexture(
                    texture, &rect, frame.pixels + changed.y0 * frame.width + changed.x0,
                    Int32(frame.pitch)), "SDL_UpdateTexture")
        }
        try check(SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255), "SDL_SetRenderDrawColor")
        try check(SDL_RenderClear(renderer), "SDL_RenderClear")
        try check(SDL_RenderCopy(renderer, texture, nil, nil), "SDL_RenderCopy")
    }

    /// Shows what `upload` queued (waits for the display's refresh when `hasVSync`).
    func present() throws {
        SDL_RenderPresent(renderer)
    }
}
