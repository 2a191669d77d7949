// TheoluaCanvas: cells, styles, layout and paint.
