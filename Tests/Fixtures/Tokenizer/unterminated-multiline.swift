let a = """
abc
