import CSDL2
import StudioKit
