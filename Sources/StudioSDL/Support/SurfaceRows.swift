import CSDL2

/// Calls `body` with each row of a 32-bit surface (ARGB8888 here: images and text masks are
/// converted to it first), the surface locked meanwhile.
func forEachPixelRow(of surface: UnsafeMutablePointer<SDL_Surface>, _ body: (_ y: Int, _ row: UnsafePointer<UInt32>) -> Void) {
    SDL_LockSurface(surface)
    defer { SDL_UnlockSurface(surface) }
    let pitch = Int(surface.pointee.pitch)
    let base = UnsafeRawPointer(surface.pointee.pixels!)
    for y in 0..<Int(surface.pointee.h) {
        body(y, (base + y * pitch).assumingMemoryBound(to: UInt32.self))
    }
}
