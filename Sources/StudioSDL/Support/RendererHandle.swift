import CSDL2

/// Owns an `SDL_Renderer` together with what it draws into (a window or a surface).
///
/// Textures belong to their renderer, so the caches that hold textures keep this handle:
/// Swift then destroys them (and their textures) before the renderer, the renderer before
/// its window or surface, and all of those before the `SDLRuntime` they need.
public final class RendererHandle {
    /// The `SDL_Renderer*`. Valid for the life of this object.
    public let pointer: OpaquePointer
    /// The window the renderer draws into, when it draws into one.
    public let window: OpaquePointer?
    /// The surface a software renderer draws into, when it draws into one.
    public let surface: UnsafeMutablePointer<SDL_Surface>?
    public let runtime: SDLRuntime

    /// Takes ownership of `renderer` and of `window` or `surface` (destroyed in deinit).
    init(renderer: OpaquePointer, window: OpaquePointer? = nil,
         surface: UnsafeMutablePointer<SDL_Surface>? = nil, runtime: SDLRuntime) {
        pointer = renderer
        self.window = window
        self.surface = surface
        self.runtime = runtime
    }

    /// The renderer driver's name, for example "opengl" or "software".
    public var driverName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(pointer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    deinit {
        SDL_DestroyRenderer(pointer)
        if let surface { SDL_FreeSurface(surface) }
        if let window { SDL_DestroyWindow(window) }
    }
}
