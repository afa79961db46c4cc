import RebutCore
