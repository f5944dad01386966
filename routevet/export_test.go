package routevet

// NewAnalyzer lets tests set flags on an analyzer of their own.
var NewAnalyzer = newAnalyzer
