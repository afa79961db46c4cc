print("rebut")
