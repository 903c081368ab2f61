import CSDL2
import Foundation
import StudioKit

/// A texture made from an image asset, owned by the `ImageCache`.
public struct ImageTexture {
    public let texture: OpaquePointer
    public let width: Int
    public let height: Int
    /// True when the file has no alpha channel: drawn without tint alpha it can be copied
    /// instead of blended, which is several times faster in the software renderer.
    public let isOpaque: Bool
}

/// Image assets as textures: `ImageRef("cover-1")` is `<assets>/images/cover-1.png`,
/// loaded with SDL_image on first use and kept for the life of the cache (a studio uses a
/// handful of images, so there is no eviction).
public final class ImageCache {
    public let renderer: RendererHandle
    /// `<assets>/images`.
    public let imagesDirectory: String
    /// Images loaded from disk so far.
    public private(set) var loads = 0
    private var textures: [String: ImageTexture] = [:]

    public init(renderer: RendererHandle, assetsDirectory: String) {
        self.renderer = renderer
        imagesDirectory = URL(fileURLWithPath: assetsDirectory).appendingPathComponent("images").path
    }

    deinit {
        for image in textures.values { SDL_DestroyTexture(image.texture) }
    }

    /// The file an image reference names.
    public func path(for ref: ImageRef) -> String {
        URL(fileURLWithPath: imagesDirectory).appendingPathComponent(ref.name + ".png").path
    }

    /// The texture for `ref`, loaded on first use.
    ///
    /// - Complexity: a dictionary lookup once loaded; the first use decodes the PNG.
    /// - Throws: `SDLError.imageMissing` / `.imageUnreadable` naming the full path.
    public func texture(for ref: ImageRef) throws -> ImageTexture {
        if let image = textures[ref.name] { return image }
        let image = try load(path(for: ref))
        textures[ref.name] = image
        loads += 1
        return image
    }

    private func load(_ path: String) throws -> ImageTexture {
        guard FileManager.default.fileExists(atPath: path) else { throw SDLError.imageMissing(path: path) }
        guard let loaded = IMG_Load(path) else {
            throw SDLError.imageUnreadable(path: path, message: SDLError.lastMessage)
        }
        defer { SDL_FreeSurface(loaded) }
        let format = loaded.pointee.format.pointee
        let isOpaque = format.Amask == 0 && SDL_HasColorKey(loaded) == SDL_FALSE
        // Convert to the 32-bit ARGB the offscreen surface uses (and every GPU renderer
        // accepts): the software renderer then copies rows instead of converting pixels.
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw SDLError.failed("SDL_ConvertSurfaceFormat(\(path))")
        }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer.pointer, surface) else {
            throw SDLError.failed("SDL_CreateTextureFromSurface(\(path))")
        }
        do {
            try check(SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
            try check(SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear), "SDL_SetTextureScaleMode")
        } catch {
            SDL_DestroyTexture(texture)
            throw error
        }
        return ImageTexture(texture: texture, width: Int(surface.pointee.w), height: Int(surface.pointee.h),
                            isOpaque: isOpaque)
    }
}
