"""Generator of the bilingual Magic: The Gathering Comprehensive Rules site."""
