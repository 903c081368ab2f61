/// Why an element was skipped. The reader goes on after each of these.
package enum DanmakuSkipReason: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The file ends inside an element or without `</i>`: a recording that was cut off.
    case truncatedFile
    /// A record element with no end tag before the next element starts.
    case unclosedElement
    /// An end tag that does not match, or one with nothing open.
    case mismatchedEndTag
    /// A start tag that is not well formed: an attribute without a quoted value, `<` in a value.
    case malformedTag
    /// An `&` that is not one of the five XML entities or a valid character reference.
    case badEntity
    /// Bytes that are not UTF-8 in text or an attribute.
    case invalidUTF8
    /// A required attribute is missing (`p` on `<d>`, `giftname` on `<gift>`, …).
    case missingAttribute
    /// `p` has fewer than the four fields time, mode, size and color.
    case tooFewFields
    /// A number that is not a number, or is out of its type's range.
    case nonNumericField
    /// A number like 1e309 or NaN.
    case nonFiniteNumber
    /// A time before zero.
    case negativeTime
    /// A mode that Bilibili does not define.
    case unknownMode
    /// Mode 8 (code) or 9 (BAS): scripts this reader does not run.
    case unsupportedMode
    /// A mode-7 element whose text is not the expected JSON array.
    case badPositionedMotion
    /// A membership level other than 1, 2 or 3.
    case unknownMembershipLevel
    /// An element larger than `DanmakuImportLimits.elementBytes`.
    case elementTooLarge
    /// An attribute value larger than `DanmakuImportLimits.attributeBytes`.
    case attributeTooLarge
    /// The file could not be read to the end (an I/O error after the start).
    case readFailed

    package static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// A short phrase for the summary line: "2 unknown mode".
    package var phrase: String {
        switch self {
        case .truncatedFile: "truncated file"
        case .unclosedElement: "unclosed element"
        case .mismatchedEndTag: "mismatched end tag"
        case .malformedTag: "malformed tag"
        case .badEntity: "bad entity"
        case .invalidUTF8: "invalid UTF-8"
        case .missingAttribute: "missing attribute"
        case .tooFewFields: "too few fields"
        case .nonNumericField: "non-numeric field"
        case .nonFiniteNumber: "non-finite number"
        case .negativeTime: "negative time"
        case .unknownMode: "unknown mode"
        case .unsupportedMode: "unsupported mode"
        case .badPositionedMotion: "bad mode-7 script"
        case .unknownMembershipLevel: "unknown membership level"
        case .elementTooLarge: "element too large"
        case .attributeTooLarge: "attribute too large"
        case .readFailed: "read failed"
        }
    }
}
