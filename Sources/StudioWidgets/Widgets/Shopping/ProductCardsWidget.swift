import StudioDomain
import StudioKit

/// The featured product card of a shopping room, at the left above the comments: a drawn
/// picture, the name, the price and a Buy button; the products take turns every
/// `rotateEvery` seconds while nobody is buying.
///
/// Buying is a small state machine (`BuyState`): Buy → "Confirm ¥199?" (back to Buy after
/// `confirmTimeout` s, or on a tap elsewhere on the card) → a second tap → "Paying…" for
/// `payingDuration` s → the order is placed (`.orderPlaced` with the product's name and a
/// toast "Order placed: Silk Scarf") → "Ordered ✓" for a moment → Buy.
public final class ProductCardsWidget: Widget, CatalogWidget {
    public static let catalogName = "productCards"
    public static let defaultLevel = Levels.productCards

    public let products: [Product]
    public private(set) var index = 0
    public private(set) var state = BuyState.idle
    /// Seconds between two products; 0 keeps the first.
    package let rotateEvery: Double
    var placement = FramePlacement()
    private var shownFor = 0.0

    package static let confirmTimeout = 4.0
    package static let payingDuration = 1.0
    package static let orderedDuration = 1.5
    static let size = Size(width: 380, height: 160)
    static let ink = Color(hex: 0x161823)

    public init(level: Double = Levels.productCards, products: [Product] = Product.demo, rotateEvery: Double = 8) {
        self.products = products.isEmpty ? Product.demo : products
        self.rotateEvery = rotateEvery
        super.init(name: "productCards", level: level, frame: Rect(origin: Point(x: 20, y: 610), size: Self.size))
    }

    /// Options: `products` ("Name|199" each, default three demo products), `rotateEvery`
    /// (seconds, 0...600, 0 = never, default 8), `x`, `y`.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let texts = try options.strings("products", default: Product.demo.map { "\($0.name)|\($0.price)" })
        guard !texts.isEmpty else { throw options.error("products", "must list at least one product") }
        let products = try texts.enumerated().map { i, text in
            guard let product = Product(parsing: text) else {
                throw options.error("products[\(i)]", "must be \"Name|price\" with a whole price above 0 (got \"\(text)\")")
            }
            return product
        }
        let widget = ProductCardsWidget(
            level: level, products: products,
            rotateEvery: try options.double("rotateEvery", default: 8, in: 0...600))
        widget.placement = try options.placement()
        try options.finish()
        return widget
    }

    public override func didLoad() {
        guard let viewport = context?.environment.viewport else { return }
        // Above the comment list, which ends 130 px above the bottom and is 362 px tall.
        frame.origin = placement.origin(default: Point(x: 20, y: viewport.height - 130 - 362 - 18 - Self.size.height))
    }

    public var product: Product { products[index] }

    /// The button, in the widget's coordinates: it widens while asking to confirm.
    package var buttonRect: Rect {
        switch state {
        case .idle: Rect(x: Self.size.width - 126, y: 96, width: 112, height: 52)
        default: Rect(x: 160, y: 96, width: Self.size.width - 174, height: 52)
        }
    }

    public override func handleTap(at point: Point) -> Bool {
        if buttonRect.insetBy(dx: -8, dy: -8).contains(point) {
            pressBuy()
        } else if case .confirming = state {
            state = .idle
        }
        return true
    }

    /// What the button does: ask to confirm, then pay; nothing while paying.
    package func pressBuy() {
        switch state {
        case .idle: state = .confirming(age: 0)
        case .confirming: state = .paying(age: 0)
        case .paying, .ordered: break
        }
    }

    public override func update(_ step: FrameStep) {
        let dt = step.dt
        switch state {
        case .idle:
            shownFor += dt
            if rotateEvery > 0, products.count > 1, shownFor >= rotateEvery {
                shownFor = 0
                index = (index + 1) % products.count
            }
        case .confirming(let age):
            state = age + dt >= Self.confirmTimeout ? .idle : .confirming(age: age + dt)
        case .paying(let age):
            if age + dt >= Self.payingDuration {
                state = .ordered(age: 0)
                publish(.orderPlaced, product.name)
                publish(.toastRequested, "Order placed: \(product.name)")
            } else {
                state = .paying(age: age + dt)
            }
        case .ordered(let age):
            state = age + dt >= Self.orderedDuration ? .idle : .ordered(age: age + dt)
        }
    }

    /// The button's label in the current state.
    package var buttonTitle: String {
        switch state {
        case .idle: "Buy"
        case .confirming: "Confirm \(product.priceText)?"
        case .paying: "Paying…"
        case .ordered: "Ordered ✓"
        }
    }

    /// The product's name and the note, fitted when the product changes, not every frame.
    private var fittedName = FittedLine()
    private var fittedNote = FittedLine()

    /// About 17 draw items per frame.
    public override func draw(in canvas: Canvas) {
        canvas.fillRoundedRect(bounds, radius: 20, .white)
        drawPicture(canvas, in: Rect(x: 12, y: 12, width: 136, height: 136))
        let textX = 160.0
        let room = bounds.width - textX - 14
        let name = fittedName.fit(product.name, font: .bold(26), maxWidth: room, measurer: canvas.measurer).line
        canvas.text(name, font: .bold(26), color: Self.ink, at: Point(x: textX, y: 16))
        // Fitted like the name, so no font runs it off the card.
        let note = fittedNote.fit("Live price, ships free", font: .regular(18), maxWidth: room, measurer: canvas.measurer)
        canvas.text(note.line, font: .regular(18), color: Self.ink.withAlpha(0.5), at: Point(x: textX, y: 54))
        let button = buttonRect
        if case .idle = state {
            canvas.text(product.priceText, font: .bold(34), color: Palette.brand, at: Point(x: textX, y: 102))
        }
        let color: Color =
            switch state {
            case .idle: Palette.brand
            case .confirming: Color(hex: 0xFF7A00)
            case .paying: Color(hex: 0x8A8B91)
            case .ordered: Color(hex: 0x20B486)
            }
        canvas.fillRoundedRect(button, radius: button.height / 2, color)
        canvas.text(
            buttonTitle, font: .bold(24), color: .white, at: Point(x: button.midX, y: button.minY + 11),
            alignment: .center)
        if case .paying(let age) = state {
            // A bar filling over the payment's second.
            let fill = button.width * min(1, age / Self.payingDuration)
            canvas.fillRoundedRect(
                Rect(x: button.minX + 8, y: button.maxY - 8, width: max(0, fill - 16), height: 4),
                radius: 2, Color.white.withAlpha(0.8))
        }
    }

    /// The product's picture: a tinted square with a shopping bag and the "1/3" counter.
    private func drawPicture(_ canvas: Canvas, in r: Rect) {
        canvas.withClip(r) {
            canvas.fillVerticalGradient(r, top: product.color.mixed(with: .white, 0.35), bottom: product.color, bands: 8)
        }
        let c = Point(x: r.midX, y: r.midY + 6)
        canvas.stroke(.roundedRect(Rect(x: c.x - 18, y: c.y - 46, width: 36, height: 40), radius: 16), .white, width: 5)
        canvas.fillRoundedRect(Rect(x: c.x - 36, y: c.y - 24, width: 72, height: 58), radius: 10, .white)
        canvas.fillRoundedRect(Rect(x: c.x - 36, y: c.y - 24, width: 72, height: 14), radius: 6, Color.white.withAlpha(0.6))
        canvas.fillCircle(center: Point(x: c.x, y: c.y + 4), radius: 9, product.color)
        let tag = Rect(x: r.minX + 6, y: r.maxY - 34, width: 54, height: 28)
        canvas.fillRoundedRect(tag, radius: 14, Color.black.withAlpha(0.45))
        canvas.text(
            "\(index + 1)/\(products.count)", font: .bold(18), color: .white,
            at: Point(x: tag.midX, y: tag.minY + 4), alignment: .center)
    }
}
