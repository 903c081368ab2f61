import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The quiz kind, a quiz show: the question card. The badge keeps the round and the
/// player's score ("Q3 · 2 right"); when an answer is revealed the player hears whether
/// they were right, and a right answer sends hearts up from the card.
public final class QuizRoom: RoomPart, StudioKind {
    public let link = RoomLink()

    public init() {}

    public static let kind = StudioKinds.quiz
    public static let requiredWidgets = [QuizCardWidget.catalogName]

    /// Answers revealed so far that the player had locked in.
    package private(set) var answered = 0
    private var card: QuizCardWidget?
    private var shown: (round: Int, score: Int, revealing: Bool)?

    public func roomDidLoad() {
        card = room.widget(named: QuizCardWidget.catalogName, as: QuizCardWidget.self)
        refresh()
    }

    public func didUpdate(_ step: FrameStep) {
        refresh()
    }

    /// Follows the card (it has no events): the badge on a new round or score, the verdict
    /// when an answer is revealed.
    private func refresh() {
        guard let card else { return }
        let now = (round: card.round, score: card.score, revealing: card.isRevealing)
        if let shown, shown == now { return }
        if now.revealing, shown?.revealing == false, card.selected != nil {
            answered += 1
            let right = now.score > (shown?.score ?? 0)
            room.notices?.toast(right ? "Correct! +1" : "Not this time")
            if right, let hearts = room.widget(named: HeartsWidget.catalogName, as: HeartsWidget.self) {
                // The hearts widget fills the studio from its origin: studio points are its own.
                hearts.spawnBurst(at: card.transformToRoot.apply(card.bounds.center))
            }
        }
        if shown?.round != now.round || shown?.score != now.score {
            room.badgeDetail?.detail = "Q\(now.round) · \(now.score) right"
        }
        shown = now
    }
}
