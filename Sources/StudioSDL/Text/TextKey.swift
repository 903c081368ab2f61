import StudioKit

/// How text is identified in the caches: the string, the pixel size the font is opened at
/// (sizes that round to the same pixel size draw identically), the weight, and whether it is
/// drawn as a silhouette (measurement ignores that: the measurer keys with it off).
struct TextKey: Hashable {
    var text: String
    var pixelSize: Int
    var weight: FontSpec.Weight
    var isSilhouette: Bool

    init(_ text: String, _ font: FontSpec) {
        self.text = text
        pixelSize = FontLibrary.pixelSize(of: font)
        weight = font.weight
        isSilhouette = font.isSilhouette
    }
}
