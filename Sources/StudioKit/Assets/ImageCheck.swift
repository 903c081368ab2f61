import Foundation

/// Checks the images a room uses before anything is drawn from them, by their PNG headers
/// (`PNGHeader`): what `studio snapshot`, `audit` and `dump` report for a room.
package enum ImageCheck {
    /// The images `list` draws, each once, in first-drawn order.
    package static func refs(in list: DisplayList) -> [ImageRef] {
        var seen = Set<ImageRef>(), out: [ImageRef] = []
        for item in list.items {
            let ref: ImageRef? =
                switch item.command {
                case .image(let ref, _, _), .imageSlice(let ref, _, _, _, _): ref
                default: nil
                }
            if let ref, seen.insert(ref).inserted { out.append(ref) }
        }
        return out
    }

    /// The problems of `refs` (each file once), in their order; empty when all can be drawn.
    ///
    /// - Complexity: one read of each distinct image's file and a pass over its chunks (no
    ///   decoding).
    package static func problems(_ refs: [ImageRef], assets: String) -> [ImageFileError] {
        var seen = Set<ImageRef>()
        return refs.compactMap { ref in
            guard seen.insert(ref).inserted else { return nil }
            do {
                _ = try PNGHeader.readWhole(path: ref.path(inAssets: assets))
                return nil
            } catch let error as ImageFileError {
                return error
            } catch {
                return ImageFileError(path: ref.path(inAssets: assets), reason: .unreadable("\(error)"))
            }
        }
    }
}
