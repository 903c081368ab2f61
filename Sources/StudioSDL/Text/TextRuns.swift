/// One stretch of a line that one face draws in one direction.
struct TextRun: Hashable {
    var text: String
    var face: FontFace
    /// Drawn right to left (HarfBuzz lays its glyphs out from the right).
    var isRightToLeft: Bool
}

/// Cuts a line into runs by face and direction, in the order they are drawn left to right.
///
/// Faces are chosen per grapheme cluster, never per string: an emoji sequence (ZWJ family,
/// skin tone, flag, keycap) is one cluster and goes whole to the emoji face, so HarfBuzz
/// can make it one glyph; a letter goes to its script's face; spaces, punctuation and
/// symbols stay in the run around them when its face has them, so a line splits only where
/// the script changes.
///
/// Direction follows the Unicode bidirectional algorithm reduced to what one line of chat
/// needs: the paragraph takes the direction of its first strong letter; Arabic and Hebrew
/// letters are right to left, every other letter left to right; digits read left to right
/// even inside right-to-left text; a neutral between two letters of one direction takes
/// theirs, else the paragraph's. Runs are then reordered by their embedding levels (rule L2).
/// Explicit embeddings and mirrored brackets are not handled.
///
/// Nothing is ever drawn as a box. A line is one line: a line feed, carriage return or tab
/// in it reads as a space (a widget that wants lines splits them first), and another
/// control character is left out. A character that no face has is left out too, as is a
/// mark or a joiner that its cluster's face lacks (HarfBuzz would draw either as the
/// font's missing-glyph box); the measurer and the text cache both lay lines out here, so
/// what is left out takes no width either.
enum TextRuns {
    /// The most emoji clusters in one run.
    static let emojiPerRun = 32

    /// The runs of `text` in visual order. `provides(face, scalar)` says whether a face has
    /// a glyph for a character; it decides the face of characters that belong to no script
    /// face (Latin, symbols) and whether a neutral can stay in the run around it.
    ///
    /// - Complexity: O(n) in the text's clusters, one `provides` call per non-ASCII neutral
    ///   or symbol. Pure ASCII text is one Latin run without looking at clusters.
    static func split(_ text: String, provides: (FontFace, Unicode.Scalar) -> Bool) -> [TextRun] {
        let text = oneLine(text)
        guard !text.isEmpty else { return [] }
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return [TextRun(text: text, face: .latin, isRightToLeft: false)] }

        var clusters: [Cluster] = text.map { Cluster($0) }
        resolveLevels(&clusters)
        resolveFaces(&clusters, provides: provides)
        clusters.removeAll { $0.drawn.isEmpty }

        var runs: [(run: TextRun, level: Int)] = []
        var emojiInRun = 0
        for c in clusters {
            // Emoji runs are cut every `emojiPerRun`: each is rendered at its strike, several
            // times its size on screen, and a long one would make a very wide surface.
            if let last = runs.last, last.run.face == c.face, last.level == c.level,
                c.face != .emoji || emojiInRun < emojiPerRun
            {
                runs[runs.count - 1].run.text += c.drawn
                emojiInRun += 1
            } else {
                emojiInRun = 1
                runs.append((TextRun(text: c.drawn, face: c.face, isRightToLeft: c.level % 2 == 1), c.level))
            }
        }
        return reordered(runs)
    }

    /// `text` with its line feeds, carriage returns and tabs as spaces and its other control
    /// characters (C0, DEL, C1) left out; `text` itself when it has none.
    static func oneLine(_ text: String) -> String {
        func isControl(_ v: UInt32) -> Bool { v < 0x20 || (0x7F...0x9F).contains(v) }
        guard text.unicodeScalars.contains(where: { isControl($0.value) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: out.append(" ")
            case let v where isControl(v): continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// A grapheme cluster with what the algorithm learns of it.
    struct Cluster {
        /// What is drawn of it: the character, less what `keepDrawable` leaves out.
        var drawn: String
        let first: Unicode.Scalar
        let bidi: BidiClass
        /// The face its script asks for; nil for characters of no particular script.
        let scriptFace: FontFace?
        var level = 0
        var face = FontFace.latin

        init(_ character: Character) {
            drawn = String(character)
            first = character.unicodeScalars.first!
            if Self.isEmoji(character) {
                scriptFace = .emoji
                bidi = .leftToRight
            } else {
                scriptFace = Self.scriptFace(first.value)
                switch first.properties.generalCategory {
                case .decimalNumber where scriptFace == nil: bidi = .number
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
                    bidi = scriptFace?.isRightToLeft == true ? .rightToLeft : .leftToRight
                default:
                    // Letters' marks and numbers of right-to-left scripts (Arabic-Indic
                    // digits) follow their script; everything else is neutral.
                    bidi = scriptFace?.isRightToLeft == true ? .rightToLeft : (scriptFace == nil ? .neutral : .leftToRight)
                }
            }
        }

        /// Keeps what `face` can draw. A first character it lacks moves the cluster to the
        /// first face that has it (the emoji face, then `fallbacks`), or leaves the cluster
        /// out when none does; then the marks and joiners the face lacks are left out, but
        /// not the invisible ones (variation selectors, joiners), which HarfBuzz hides.
        mutating func keepDrawable(provides: (FontFace, Unicode.Scalar) -> Bool, fallbacks: [FontFace]) {
            if !provides(face, first) {
                guard let other = ([FontFace.emoji] + fallbacks).first(where: { provides($0, first) }) else {
                    drawn = ""
                    return
                }
                face = other
            }
            let scalars = drawn.unicodeScalars
            guard scalars.count > 1 else { return }
            let kept = scalars.filter { s in
                s == first || s.properties.isDefaultIgnorableCodePoint || (s.isASCII && face == .latin) || provides(face, s)
            }
            if kept.count != scalars.count { drawn = String(String.UnicodeScalarView(kept)) }
        }

        /// True for a cluster shown as a color emoji: a character with emoji presentation,
        /// a flag (two regional indicators), or a sequence that asks for emoji (variation
        /// selector 16, a keycap, a ZWJ sequence, a skin tone). A digit or "#" alone, or a
        /// symbol with text presentation ("☺", "❤"), stays text.
        static func isEmoji(_ c: Character) -> Bool {
            let scalars = c.unicodeScalars
            guard let first = scalars.first else { return false }
            if (0x1F1E6...0x1F1FF).contains(first.value) { return true }
            if first.properties.isEmojiPresentation { return true }
            guard first.properties.isEmoji, scalars.count > 1 else { return false }
            return scalars.contains { s in
                s.value == 0xFE0F || s.value == 0x20E3 || s.value == 0x200D || (0x1F3FB...0x1F3FF).contains(s.value)
            }
        }

        /// The face of the script `v` belongs to, for the scripts that need their own face.
        static func scriptFace(_ v: UInt32) -> FontFace? {
            switch v {
            case 0x0590...0x05FF, 0xFB1D...0xFB4F: .hebrew
            case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: .arabic
            case 0x0900...0x097F, 0xA8E0...0xA8FF: .devanagari
            case 0x0E00...0x0E7F: .thai
            case 0x1100...0x11FF, 0x2E80...0x303F, 0x3040...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF,
                0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
                .cjk
            default: nil
            }
        }
    }

    enum BidiClass { case leftToRight, rightToLeft, number, neutral }

    /// Embedding levels: even left to right, odd right to left.
    static func resolveLevels(_ clusters: inout [Cluster]) {
        let paragraph = clusters.first { $0.bidi == .leftToRight || $0.bidi == .rightToLeft }?.bidi == .rightToLeft ? 1 : 0
        // The strong direction before each cluster (start of line: the paragraph's), with
        // digits after right-to-left letters counting as right to left (rule N1).
        var before = paragraph == 1 ? BidiClass.rightToLeft : .leftToRight
        var directions: [BidiClass] = []
        directions.reserveCapacity(clusters.count)
        for c in clusters {
            switch c.bidi {
            case .leftToRight, .rightToLeft:
                before = c.bidi
                directions.append(c.bidi)
            case .number: directions.append(before == .rightToLeft ? .number : .leftToRight)
            case .neutral: directions.append(.neutral)
            }
        }
        // Neutrals between two of the same direction take it; others the paragraph's.
        var i = 0
        while i < directions.count {
            guard directions[i] == .neutral else {
                i += 1
                continue
            }
            var j = i
            while j < directions.count, directions[j] == .neutral { j += 1 }
            func side(_ d: BidiClass?) -> BidiClass {
                guard let d else { return paragraph == 1 ? .rightToLeft : .leftToRight }
                return d == .number ? .rightToLeft : d
            }
            let left = side(i > 0 ? directions[i - 1] : nil), right = side(j < directions.count ? directions[j] : nil)
            let resolved: BidiClass = left == right ? left : (paragraph == 1 ? .rightToLeft : .leftToRight)
            for k in i..<j { directions[k] = resolved }
            i = j
        }
        for k in clusters.indices {
            switch directions[k] {
            case .rightToLeft: clusters[k].level = 1
            // Left-to-right text and digits inside a right-to-left paragraph (or digits after
            // right-to-left letters) are embedded one level deeper, so they read left to right.
            case .number: clusters[k].level = 2
            default: clusters[k].level = paragraph == 1 ? 2 : 0
            }
        }
    }

    /// Faces: a script's own; a neutral, the face of the run it is in when that has the
    /// glyph; the rest, the first face in fallback order that has it (Latin if none: a box).
    static func resolveFaces(_ clusters: inout [Cluster], provides: (FontFace, Unicode.Scalar) -> Bool) {
        let fallbacks: [FontFace] = [.latin, .cjk, .symbols, .symbols2]
        var previous: (face: FontFace, level: Int)?
        defer {
            for k in clusters.indices where !clusters[k].first.isASCII {
                clusters[k].keepDrawable(provides: provides, fallbacks: fallbacks)
            }
        }
        for k in clusters.indices {
            let c = clusters[k]
            func joins(_ face: FontFace, level: Int) -> Bool {
                level == c.level && face != .emoji && (face == .latin && c.first.isASCII || provides(face, c.first))
            }
            if let face = c.scriptFace {
                clusters[k].face = face
            } else if c.bidi == .neutral, let previous, joins(previous.face, level: previous.level) {
                // A space or punctuation stays in the run it is in, so a line of one script
                // is one run; letters and digits of no script face go to the fallbacks.
                clusters[k].face = previous.face
            } else if c.bidi == .neutral, let next = clusters[(k + 1)...].first(where: { $0.bidi != .neutral }),
                let face = next.scriptFace, joins(face, level: next.level)
            {
                // Or, where the run before is another level, joins the run that follows.
                clusters[k].face = face
            } else if c.first.isASCII {
                clusters[k].face = .latin
            } else {
                clusters[k].face = fallbacks.first { provides($0, c.first) } ?? .latin
            }
            previous = (clusters[k].face, c.level)
        }
    }

    /// Runs with their levels reordered for display (rule L2): from the highest level down
    /// to the lowest odd one, every sequence of runs at that level or above is reversed.
    static func reordered(_ runs: [(run: TextRun, level: Int)]) -> [TextRun] {
        var runs = runs
        guard let highest = runs.map(\.level).max(), highest > 0 else { return runs.map(\.run) }
        let lowestOdd = runs.map(\.level).filter { $0 % 2 == 1 }.min() ?? highest
        var level = highest
        while level >= max(1, min(lowestOdd, highest)) {
            var i = 0
            while i < runs.count {
                guard runs[i].level >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < runs.count, runs[j].level >= level { j += 1 }
                runs[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return runs.map(\.run)
    }
}
