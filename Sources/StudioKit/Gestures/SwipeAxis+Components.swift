extension SwipeAxis {
    /// The other axis.
    public var across: SwipeAxis { self == .horizontal ? .vertical : .horizontal }

    /// The component of `vector` along this axis.
    public func component(of vector: Point) -> Double {
        self == .horizontal ? vector.x : vector.y
    }
}
