import StudioKit

/// How text is identified in the caches: the string, the pixel size the font is opened at
/// (sizes that round to the same pixel size draw identically) and the weight.
struct TextKey: Hashable {
    var text: String
    var pixelSize: Int
    var weight: FontSpec.Weight

    init(_ text: String, _ font: FontSpec) {
        self.text = text
        pixelSize = FontLibrary.pixelSize(of: font)
        weight = font.weight
    }
}
