/// A gift from a recording: `<gift ts="…" user="…" uid="…" giftname="…" giftcount="…"/>`.
public struct GiftRecord: Sendable, Hashable {
    /// Seconds since the recording started.
    public var time: Double
    package var userName: String
    package var userID: UInt64?
    package var giftName: String
    /// How many were sent at once, clamped to 0...1,000,000.
    public var count: Int
    /// The price of one gift in yuan, when the file says. BililiveRecorder does not write it;
    /// blrec writes gold coins (1,000 to the yuan), converted here.
    package var unitPriceInYuan: Double?
    /// Whether it was bought with gold coins (blrec's `cointype`); nil when the file does not say.
    package var isPaid: Bool?
    package var position: DanmakuSourcePosition

    public init(
        time: Double, userName: String, userID: UInt64? = nil, giftName: String, count: Int = 1,
        unitPriceInYuan: Double? = nil, isPaid: Bool? = nil,
        position: DanmakuSourcePosition = .unknown
    ) {
        self.time = time
        self.userName = userName
        self.userID = userID
        self.giftName = giftName
        self.count = count
        self.unitPriceInYuan = unitPriceInYuan
        self.isPaid = isPaid
        self.position = position
    }
}
