import TablintKit
