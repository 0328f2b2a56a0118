"""The rules help, written fresh in each language (rules_<code>.html); see rule_pictures."""
