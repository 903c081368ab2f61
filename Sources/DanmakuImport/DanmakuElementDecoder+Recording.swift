/// Gifts, super chats and memberships: the elements only recordings have.
extension DanmakuElementDecoder {
    mutating func gift(_ bytes: UnsafePointer<UInt8>, _ position: DanmakuSourcePosition) throws -> GiftRecord {
        let time = try requiredTime(bytes, element: "gift")
        guard let nameSpan = tag.attribute("giftname", in: bytes) else {
            throw DanmakuElementFailure(.missingAttribute, "<gift> has no giftname attribute")
        }
        var record = GiftRecord(
            time: time, userName: try userName(bytes), userID: userID(bytes),
            giftName: cut(try attributeValue(bytes, nameSpan, name: "giftname")),
            count: 1, position: position)
        if let count = tag.attribute("giftcount", in: bytes) {
            record.count = try Self.count(bytes, count, element: "gift", attribute: "giftcount", limit: 1_000_000)
        }
        if let price = tag.attribute("price", in: bytes) {
            record.unitPriceInYuan = try yuan(bytes, price, element: "gift")
        }
        if let coin = tag.attribute("cointype", in: bytes) {
            let value = try attributeValue(bytes, coin, name: "cointype")
            record.isPaid = value == "金瓜子" || value == "gold" ? true : value == "银瓜子" || value == "silver" ? false : nil
        }
        return record
    }

    mutating func superChat(
        _ bytes: UnsafePointer<UInt8>, _ element: ScannedElement,
        _ position: DanmakuSourcePosition
    ) throws -> SuperChatRecord {
        let time = try requiredTime(bytes, element: "sc")
        guard let priceSpan = tag.attribute("price", in: bytes) else {
            throw DanmakuElementFailure(.missingAttribute, "<sc> has no price attribute")
        }
        let price = try yuan(bytes, priceSpan, element: "sc")
        var pinned = 0.0
        if let span = tag.attribute("time", in: bytes) {
            pinned = min(try Self.number(bytes, (span.valueStart, span.valueEnd), element: "sc", attribute: "time"), 86_400)
            pinned = max(0, pinned)
        }
        return SuperChatRecord(
            time: time, userName: try userName(bytes), userID: userID(bytes),
            priceInYuan: price, pinnedSeconds: pinned,
            message: cut(try content(bytes, element, of: "sc")), position: position)
    }

    mutating func membership(_ bytes: UnsafePointer<UInt8>, _ position: DanmakuSourcePosition) throws -> MembershipRecord {
        let time = try requiredTime(bytes, element: "guard")
        guard let levelSpan = tag.attribute("level", in: bytes) else {
            throw DanmakuElementFailure(.missingAttribute, "<guard> has no level attribute")
        }
        guard let number = DanmakuNumberParser.integer(bytes, from: levelSpan.valueStart, to: levelSpan.valueEnd) else {
            throw DanmakuElementFailure(
                .nonNumericField,
                "<guard> level \"\(Self.preview(bytes, levelSpan.valueStart, levelSpan.valueEnd))\" is not a number")
        }
        guard let level = MembershipLevel(rawValue: Int(clamping: number)) else {
            throw DanmakuElementFailure(.unknownMembershipLevel, "<guard> level \(number) is not 1 (总督), 2 (提督) or 3 (舰长)")
        }
        var record = MembershipRecord(
            time: time, userName: try userName(bytes), userID: userID(bytes),
            level: level, position: position)
        if let count = tag.attribute("count", in: bytes) {
            record.count = try Self.count(bytes, count, element: "guard", attribute: "count", limit: 1_000)
        }
        if let price = tag.attribute("price", in: bytes) {
            record.priceInYuan = try yuan(bytes, price, element: "guard")
        }
        return record
    }
}
