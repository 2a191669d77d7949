// TheoluaCore
