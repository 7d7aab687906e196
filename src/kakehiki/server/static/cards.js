// playing cards drawn as SVG
