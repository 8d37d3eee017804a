define({numchunks:1,prefix:'Toc_Chunk',chunkstart:['/Content/CaseTriage.htm'],tree:{n:[{i:0,c:0,n:[{i:1,c:0},{i:2,c:0},{i:3,c:0},{i:4,c:0},{i:5,c:0},{i:6,c:0}]}]}});
