extension DanmakuFileReader {
    /// Reads from the start of the file to just after the root's start tag: a BOM, the XML
    /// declaration, comments, PIs and a DOCTYPE may come first; then `<i>` must.
    ///
    /// - Throws: `DanmakuImportError` for an empty file, one that is not (UTF-8) XML, and
    ///   one whose root is missing or is not `<i>`.
    func openRoot() throws {
        try skipByteOrderMark()
        var sawMarkup = false
        while true {
            let storage = window.storage
            var index = window.begin
            while index < window.end && XMLBytes.isWhitespace(storage[index]) { index += 1 }
            advance(to: index)
            if index == window.end {
                if !window.isAtEnd {
                    refill()
                    continue
                }
                if let failure = window.readFailure { throw DanmakuImportError.unreadable(givenPath, reason: failure) }
                if !sawMarkup { throw DanmakuImportError.empty(givenPath) }
                throw DanmakuImportError.missingRoot(givenPath, at: tracker.position, found: "the file ends")
            }
            guard storage[index] == UInt8(ascii: "<") else {
                throw DanmakuImportError.notXML(givenPath, at: tracker.position, found: describeText(at: index))
            }
            guard let kind = XMLNodeScanner.classify(storage, at: index, end: window.end, atEOF: window.isAtEnd) else {
                if window.isAtEnd {
                    throw DanmakuImportError.missingRoot(givenPath, at: tracker.position, found: "the file ends inside a tag")
                }
                refill()
                continue
            }
            sawMarkup = true
            let position = tracker.position
            switch kind {
            case .comment, .processingInstruction, .declaration:
                var scanner = XMLNodeScanner(kind: kind, at: index)
                guard case .complete(let end) = run(&scanner, capture: false) else {
                    throw DanmakuImportError.missingRoot(givenPath, at: position, found: "the file ends inside a comment or declaration")
                }
                advance(to: end)
            case .cdata:
                throw DanmakuImportError.notXML(givenPath, at: position, found: "a CDATA section")
            case .endTag:
                var scanner = XMLNodeScanner(kind: .endTag, at: index)
                let end = if case .complete(let end) = run(&scanner, capture: true) { end } else { window.end }
                throw DanmakuImportError.missingRoot(givenPath, at: position, found: "found </\(endTagName(to: end))>")
            case .element, .startTagOnly:
                try enterRoot(at: position)
                return
            }
        }
    }

    /// Steps over the root's start tag, at the window's start (`position` in the file), after
    /// checking that the element is `<i>`; an empty `<i/>` or a cut-off tag finishes the file.
    private func enterRoot(at position: DanmakuSourcePosition) throws {
        guard let name = elementName() else {
            throw DanmakuImportError.missingRoot(givenPath, at: position, found: "the file ends inside a tag")
        }
        guard name.bytes == [UInt8(ascii: "i")] else {
            throw DanmakuImportError.missingRoot(givenPath, at: position, found: "found <\(name.text)>")
        }
        var scanner = XMLNodeScanner(kind: .startTagOnly, at: window.begin)
        switch run(&scanner, capture: true) {
        case .complete(let end):
            advance(to: end)
            if scanner.isSelfClosing { finish() }
        default:
            // `<i` and then the end of the file: a recording cut off at its first byte.
            finish(truncatedBecause: "the file ends inside the <i> start tag", at: position)
        }
    }

    /// Steps over a UTF-8 byte-order mark (not counted as a column); refuses UTF-16 and UTF-32.
    private func skipByteOrderMark() throws {
        let storage = window.storage
        let available = window.available
        let first = available > 0 ? storage[window.begin] : 0
        let second = available > 1 ? storage[window.begin + 1] : 0
        if available >= 3 && first == 0xEF && second == 0xBB && storage[window.begin + 2] == 0xBF {
            window.begin += 3
            if window.available == 0 && window.isAtEnd { throw DanmakuImportError.empty(givenPath) }
            return
        }
        if (first == 0xFF && second == 0xFE) || (first == 0xFE && second == 0xFF)
            || (first == 0 && second == UInt8(ascii: "<")) || (first == UInt8(ascii: "<") && second == 0)
        {
            throw DanmakuImportError.notUTF8(givenPath, encoding: "UTF-16")
        }
    }

    /// What stands where markup should: a short quote of text, or "binary data" for bytes.
    private func describeText(at index: Int) -> String {
        let storage = window.storage
        var end = index
        while end < window.end && end - index < 24 && storage[end] != 0x0A && storage[end] != 0x0D { end += 1 }
        let bytes = UnsafeBufferPointer(start: storage + index, count: end - index)
        if let text = String(validating: bytes, as: UTF8.self),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" })
        {
            let shown = text.count > 20 ? String(text.prefix(20)) + "…" : text
            return "text “\(shown)”"
        }
        return "binary data (byte 0x\(String(storage[index], radix: 16, uppercase: true)))"
    }
}
